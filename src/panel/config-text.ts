/**
 * What the panel says of its configuration (config.ts): the page author's console sentence for
 * each warning (English, for developers), and the configuration banner's sentence for an
 * attribute the panel cannot start with (in the panel's language, for the operator).
 */
import { msg, str } from '../i18n/msg.js';
import { supportedLocales } from '../i18n/locale.js';
import type { ConfigError, ConfigWarning, ServiceUrlProblem } from './config.js';

const serviceUrlProblemText: Record<ServiceUrlProblem, string> = {
  'not-absolute': 'is not an absolute URL',
  credentials: 'must not carry credentials',
  insecure: 'must use https: (or http: on a loopback host)',
};

/** `operator-chat-panel: per-page="500" is not a whole number from 1 to 100; using 20.` */
export function configWarningText(warning: ConfigWarning): string {
  return `operator-chat-panel: ${warning.attribute}="${warning.value}" ${reasonText(warning)}`;
}

function reasonText(warning: ConfigWarning): string {
  switch (warning.problem) {
    case 'number': {
      const { min, max, fallback } = warning;
      const range =
        min > Number.MIN_SAFE_INTEGER ? ` from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}` : '';
      return `is not a whole number${range}; using ${fallback ?? 'none'}.`;
    }
    case 'choice':
      return `is not one of ${warning.allowed.join(', ')}; using ${warning.fallback}.`;
    case 'phone':
      return 'is not an E.164 phone number; ignored.';
    case 'status':
      return 'holds an unknown chat status; using all but Closed.';
    case 'lang':
      return `is not a supported language (${supportedLocales.join(', ')}); using ${warning.fallback}.`;
    case 'notify':
      return `holds unknown words (${warning.unknownWords.join(', ')}); they are ignored.`;
    default:
      return `${serviceUrlProblemText[warning.problem]}; the full-panel link is hidden.`;
  }
}

/** Why the panel cannot start with its attributes (the config banner). */
export function configErrorText({ problem, value }: ConfigError): string {
  switch (problem) {
    case 'missing':
      return msg(
        'The panel is not configured correctly: base-url is missing and the widget script has no http(s) origin.',
      );
    case 'not-absolute':
      return msg(str`The panel is not configured correctly: base-url "${value}" is not an absolute URL.`);
    case 'credentials':
      return msg(str`The panel is not configured correctly: base-url "${value}" must not carry credentials.`);
    case 'insecure':
      return msg(
        str`The panel is not configured correctly: base-url "${value}" must use https: (or http: on a loopback host).`,
      );
  }
}
