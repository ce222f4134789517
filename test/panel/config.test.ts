import { expect } from '@open-wc/testing';
import { configWarningText } from '../../src/panel/config-text.js';
import { checkServiceUrl, configProperties, resolveConfig, type RawAttributes } from '../../src/panel/config.js';
import { numberConverter } from '../../src/panel/attributes.js';

const page = {
  scriptUrl: 'https://widgets.example/operator-chat-panel/widget-script.js',
  pageLang: 'en',
  browserLangs: [],
};

/** The configuration and the attributes that warned, for these attribute values. */
function resolve(raw: RawAttributes) {
  const { config, warnings } = resolveConfig(raw, page);
  return { config, warned: warnings.map((warning) => warning.attribute) };
}

describe('resolveConfig: poll-interval (contract section 2)', () => {
  it('polls every 3000 ms when the attribute is absent or empty', () => {
    expect(resolve({}).config.pollIntervalMs).to.equal(3000);
    expect(resolve({ pollInterval: '' }).config.pollIntervalMs).to.equal(3000);
  });

  it('raises a value below 1000 to 1000 without a warning', () => {
    const { config, warned } = resolve({ pollInterval: 200 });
    expect(config.pollIntervalMs).to.equal(1000);
    expect(warned).to.deep.equal([]);
  });

  it('keeps 0, which stops polling, and a value of at least 1000', () => {
    expect(resolve({ pollInterval: 0 }).config.pollIntervalMs).to.equal(0);
    expect(resolve({ pollInterval: '2500' }).config.pollIntervalMs).to.equal(2500);
  });

  it('falls back to 3000 with one warning naming the attribute for a value that is not a whole number', () => {
    for (const pollInterval of ['fast', -1, 1500.5]) {
      const { config, warned } = resolve({ pollInterval });
      expect(config.pollIntervalMs, String(pollInterval)).to.equal(3000);
      expect(warned, String(pollInterval)).to.deep.equal(['poll-interval']);
    }
  });
});

describe('resolveConfig: refresh-interval (contract section 2)', () => {
  it('refreshes every 60000 ms when the attribute is absent or empty', () => {
    expect(resolve({}).config.refreshIntervalMs).to.equal(60000);
    expect(resolve({ refreshInterval: '' }).config.refreshIntervalMs).to.equal(60000);
  });

  it('keeps a value of at least 1000, including one below the former 5000 floor', () => {
    const { config, warned } = resolve({ refreshInterval: 2500 });
    expect(config.refreshIntervalMs).to.equal(2500);
    expect(warned).to.deep.equal([]);
    expect(resolve({ refreshInterval: '1000' }).config.refreshIntervalMs).to.equal(1000);
    expect(resolve({ refreshInterval: 90000 }).config.refreshIntervalMs).to.equal(90000);
  });

  it('raises every whole number below 1000, 0 and negatives included, to 1000 without a warning', () => {
    for (const refreshInterval of [999, 200, 0, '0', -5]) {
      const { config, warned } = resolve({ refreshInterval });
      expect(config.refreshIntervalMs, String(refreshInterval)).to.equal(1000);
      expect(warned, String(refreshInterval)).to.deep.equal([]);
    }
  });

  it('falls back to 60000 with one warning naming the attribute for a value that is not a number', () => {
    const { config, warnings } = resolveConfig({ refreshInterval: 'soon' }, page);
    expect(config.refreshIntervalMs).to.equal(60000);
    expect(warnings).to.have.length(1);
    expect(warnings[0].attribute).to.equal('refresh-interval');
    expect(configWarningText(warnings[0])).to.equal(
      'operator-chat-panel: refresh-interval="soon" is not a whole number; using 60000.',
    );
  });
});

/** The configuration error for a `base-url`, and the URL used when there is none. */
function serviceUrl(baseUrl: string | null, scriptUrl = page.scriptUrl) {
  const { config, configError, warnings } = resolveConfig({ baseUrl }, { ...page, scriptUrl });
  expect(warnings, 'base-url never warns: it is an error').to.deep.equal([]);
  return { baseUrl: config.baseUrl, configError };
}

/** Each `base-url` is taken, as the URL beside it. */
function expectTaken(urls: Record<string, string>): void {
  for (const [value, url] of Object.entries(urls)) {
    expect(serviceUrl(value), value).to.deep.equal({ baseUrl: url, configError: null });
  }
}

describe('resolveConfig: base-url (contract section 3)', () => {
  it('defaults to the origin of the widget script', () => {
    expect(serviceUrl(null)).to.deep.equal({ baseUrl: 'https://widgets.example', configError: null });
    expect(serviceUrl('')).to.deep.equal({ baseUrl: 'https://widgets.example', configError: null });
    expect(serviceUrl(null, 'http://localhost:8001/dist/widget-script.js').baseUrl).to.equal('http://localhost:8001');
  });

  it('takes https on any host, keeping a path without its trailing slashes, query or fragment', () => {
    expectTaken({
      'https://chat.example': 'https://chat.example',
      'https://chat.example/': 'https://chat.example',
      'https://chat.example:8443/tenant/a//': 'https://chat.example:8443/tenant/a',
      'https://chat.example/api-host/?x=1#top': 'https://chat.example/api-host',
      'HTTPS://Chat.Example': 'https://chat.example',
      '  https://chat.example  ': 'https://chat.example',
    });
  });

  it('takes http only on a loopback host: localhost, *.localhost, 127.0.0.0/8 and [::1]', () => {
    expectTaken({
      'http://localhost:8080': 'http://localhost:8080',
      'HTTP://LOCALHOST:8080/': 'http://localhost:8080',
      'http://api.localhost': 'http://api.localhost',
      'http://127.0.0.1:3000': 'http://127.0.0.1:3000',
      'http://127.255.10.1': 'http://127.255.10.1',
      'http://[::1]:8080': 'http://[::1]:8080',
    });
  });

  it('refuses http on any other host as insecure, and sends nothing (no base URL)', () => {
    const insecure = [
      'http://chat.example.com',
      'http://localhost.example.com',
      'http://localhostx',
      'http://notlocalhost',
      'http://127.0.0.1.nip.io',
      'http://128.0.0.1',
      'http://10.0.0.1',
      'http://0.0.0.0:8080',
      'http://[::2]',
    ];
    for (const value of insecure) {
      expect(serviceUrl(value), value).to.deep.equal({ baseUrl: null, configError: { problem: 'insecure', value } });
    }
  });

  it('refuses other schemes as insecure, and what is not an absolute URL as such', () => {
    for (const value of ['ftp://chat.example', 'ws://localhost:8080', 'javascript:alert(1)', 'file:///api']) {
      expect(serviceUrl(value).configError, value).to.deep.equal({ problem: 'insecure', value });
    }
    for (const value of ['chat.example', '/api', '//chat.example', 'https://', 'https://[::1']) {
      expect(serviceUrl(value), value).to.deep.equal({
        baseUrl: null,
        configError: { problem: 'not-absolute', value },
      });
    }
  });

  it('refuses a URL carrying credentials, even over https', () => {
    for (const value of ['https://user:secret@chat.example', 'https://user@chat.example', 'http://a:b@localhost']) {
      expect(serviceUrl(value), value).to.deep.equal({
        baseUrl: null,
        configError: { problem: 'credentials', value },
      });
    }
  });

  it('checks the default too: an http script on a public host is insecure, a non-http one gives no URL at all', () => {
    expect(serviceUrl(null, 'http://widgets.example/widget-script.js')).to.deep.equal({
      baseUrl: null,
      configError: { problem: 'insecure', value: 'http://widgets.example' },
    });
    for (const scriptUrl of ['file:///var/www/widget-script.js', 'blob:https://widgets.example/1', 'not a url']) {
      expect(serviceUrl(null, scriptUrl), scriptUrl).to.deep.equal({
        baseUrl: null,
        configError: { problem: 'missing', value: '' },
      });
    }
  });
});

describe('checkServiceUrl', () => {
  it('answers the URL to call, or why it cannot carry the token', () => {
    expect(checkServiceUrl('https://chat.example/x/')).to.deep.equal({ url: 'https://chat.example/x' });
    expect(checkServiceUrl('http://chat.example')).to.deep.equal({ problem: 'insecure' });
    expect(checkServiceUrl('https://u:p@chat.example')).to.deep.equal({ problem: 'credentials' });
    expect(checkServiceUrl('chat.example')).to.deep.equal({ problem: 'not-absolute' });
  });
});

describe('resolveConfig: panel-url', () => {
  it('takes a URL that could carry the token, as base-url does; none by default', () => {
    expect(resolve({}).config.panelUrl).to.equal(null);
    expect(resolve({ panelUrl: 'https://panel.example/app/' })).to.deep.include({ warned: [] });
    expect(resolve({ panelUrl: 'https://panel.example/app/' }).config.panelUrl).to.equal('https://panel.example/app');
    expect(resolve({ panelUrl: 'http://localhost:4200' }).config.panelUrl).to.equal('http://localhost:4200');
  });

  it('hides the link with one warning saying why, and is no configuration error', () => {
    const problems = {
      'http://panel.example': 'must use https: (or http: on a loopback host)',
      'https://me:pw@panel.example': 'must not carry credentials',
      'panel.example': 'is not an absolute URL',
    };
    for (const [panelUrl, why] of Object.entries(problems)) {
      const { config, warnings, configError } = resolveConfig({ panelUrl }, page);
      expect(config.panelUrl, panelUrl).to.equal(null);
      expect(configError, panelUrl).to.equal(null);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: panel-url="${panelUrl}" ${why}; the full-panel link is hidden.`,
      ]);
    }
  });
});

describe('resolveConfig: chat-id, source and entity-id', () => {
  it('takes whole numbers, from attributes (strings) or properties (numbers)', () => {
    const { config, warned } = resolve({ chatId: ' 42 ', source: 7, entityId: '0' });
    expect(config).to.include({ chatId: 42, source: 7, entityId: 0 });
    expect(warned).to.deep.equal([]);
  });

  it('has none of them by default', () => {
    expect(resolve({}).config).to.include({ chatId: null, source: null, entityId: null });
    expect(resolve({ chatId: '', source: '', entityId: '' }).config).to.include({
      chatId: null,
      source: null,
      entityId: null,
    });
  });

  it('ignores entity-id without source', () => {
    const { config, warned } = resolve({ entityId: 5 });
    expect(config.entityId).to.equal(null);
    expect(warned).to.deep.equal([]);
  });

  it('falls back to none with a warning for a chat-id below 1, and a source or entity-id below 0', () => {
    for (const chatId of [0, '-3', '1.5', 'abc', 'Infinity']) {
      const { config, warnings } = resolveConfig({ chatId }, page);
      expect(config.chatId, String(chatId)).to.equal(null);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: chat-id="${chatId}" is not a whole number from 1; using none.`,
      ]);
    }
    const { config, warnings } = resolveConfig({ source: '-1', entityId: 'shop' }, page);
    expect(config).to.include({ source: null, entityId: null });
    expect(warnings.map(configWarningText)).to.deep.equal([
      'operator-chat-panel: source="-1" is not a whole number from 0; using none.',
      'operator-chat-panel: entity-id="shop" is not a whole number from 0; using none.',
    ]);
  });
});

describe('resolveConfig: phone and from', () => {
  it('writes a phone in E.164, whatever spaces, dashes and brackets it was typed with', () => {
    const phones = {
      '+1 (555) 123-4567': '+15551234567',
      '79161234567': '+79161234567',
      '+44 20 7946 0958': '+442079460958',
      '1234567': '+1234567',
      '+123456789012345': '+123456789012345',
    };
    for (const [phone, e164] of Object.entries(phones)) {
      const { config, warned } = resolve({ phone });
      expect(config.phone, phone).to.equal(e164);
      expect(warned, phone).to.deep.equal([]);
    }
  });

  it('ignores a phone that is not E.164, with one warning', () => {
    for (const phone of ['+0123456789', '123456', '+1234567890123456', '555-CALL-NOW', '+1 555.123.4567']) {
      const { config, warnings } = resolveConfig({ phone }, page);
      expect(config.phone, phone).to.equal(null);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: phone="${phone}" is not an E.164 phone number; ignored.`,
      ]);
    }
  });

  it('takes from as given, trimmed; none by default', () => {
    expect(resolve({ from: '  shop-42 ' }).config.from).to.equal('shop-42');
    expect(resolve({}).config.from).to.equal(null);
    expect(resolve({ from: '' }).config.from).to.equal(null);
  });
});

describe('resolveConfig: status', () => {
  it('shows every status but Closed by default', () => {
    expect(resolve({}).config.statuses).to.deep.equal([0, 1, 2, 3]);
    expect(resolve({ status: '' }).config.statuses).to.deep.equal([0, 1, 2, 3]);
  });

  it('reads a comma list of names (any case and spelling of OnPause) and codes, in order, once each', () => {
    const lists: Record<string, number[]> = {
      'new,open,2': [0, 1, 2],
      ' Closed , NEW ': [4, 0],
      'OnPause,on-pause,on_pause,on pause,paused,3': [3],
      'waiting,,open,': [2, 1],
      '4': [4],
    };
    for (const [status, statuses] of Object.entries(lists)) {
      const { config, warned } = resolve({ status });
      expect(config.statuses, status).to.deep.equal(statuses);
      expect(warned, status).to.deep.equal([]);
    }
  });

  it('falls back to all but Closed with one warning when any part is unknown', () => {
    for (const status of ['new,archived', '5', 'open,1.5', ' , ', '-1', '0 1']) {
      const { config, warnings } = resolveConfig({ status }, page);
      expect(config.statuses, status).to.deep.equal([0, 1, 2, 3]);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: status="${status}" holds an unknown chat status; using all but Closed.`,
      ]);
    }
  });
});

describe('resolveConfig: mode, theme and events', () => {
  it('default to inline, auto and consume', () => {
    expect(resolve({}).config).to.include({ mode: 'inline', theme: 'auto', events: 'consume' });
  });

  it('take their values in any case, trimmed', () => {
    const { config, warned } = resolve({ mode: ' Floating ', theme: 'DARK', events: 'Observe' });
    expect(config).to.include({ mode: 'floating', theme: 'dark', events: 'observe' });
    expect(warned).to.deep.equal([]);
    expect(resolve({ theme: 'light', events: 'off' }).config).to.include({ theme: 'light', events: 'off' });
  });

  it('fall back to their default with one warning listing what is allowed', () => {
    const { config, warnings } = resolveConfig({ mode: 'popup', theme: 'purple', events: 'all' }, page);
    expect(config).to.include({ mode: 'inline', theme: 'auto', events: 'consume' });
    expect(warnings.map(configWarningText)).to.deep.equal([
      'operator-chat-panel: mode="popup" is not one of inline, floating; using inline.',
      'operator-chat-panel: theme="purple" is not one of light, dark, auto; using auto.',
      'operator-chat-panel: events="all" is not one of consume, observe, off; using consume.',
    ]);
  });
});

describe('resolveConfig: per-page and max-upload-bytes', () => {
  it('default to 20 chats and 10 MiB', () => {
    expect(resolve({}).config).to.include({ perPage: 20, maxUploadBytes: 10485760 });
  });

  it('take whole numbers: per-page from 1 to 100, max-upload-bytes from 1', () => {
    const { config, warned } = resolve({ perPage: '100', maxUploadBytes: '1' });
    expect(config).to.include({ perPage: 100, maxUploadBytes: 1 });
    expect(warned).to.deep.equal([]);
    expect(resolve({ perPage: 1, maxUploadBytes: 52428800 }).config).to.include({
      perPage: 1,
      maxUploadBytes: 52428800,
    });
  });

  it('fall back to their default with one warning outside their range', () => {
    for (const perPage of [0, '101', '2.5', 'lots']) {
      const { config, warnings } = resolveConfig({ perPage }, page);
      expect(config.perPage, String(perPage)).to.equal(20);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: per-page="${perPage}" is not a whole number from 1 to 100; using 20.`,
      ]);
    }
    for (const maxUploadBytes of [0, '-1', '10MB']) {
      const { config, warnings } = resolveConfig({ maxUploadBytes }, page);
      expect(config.maxUploadBytes, String(maxUploadBytes)).to.equal(10485760);
      expect(warnings.map(configWarningText)).to.deep.equal([
        `operator-chat-panel: max-upload-bytes="${maxUploadBytes}" is not a whole number from 1; using 10485760.`,
      ]);
    }
  });
});

describe('resolveConfig: notify (contract section 2)', () => {
  const none = { title: false, sound: false, desktop: false };

  it('asks for nothing when the attribute is absent, empty or blank', () => {
    for (const notify of [undefined, null, '', '   ']) {
      const { config, warned } = resolve({ notify });
      expect(config.notify, String(notify)).to.deep.equal(none);
      expect(warned, String(notify)).to.deep.equal([]);
    }
  });

  it('reads title, sound and desktop in any order, case and spacing', () => {
    expect(resolve({ notify: 'title' }).config.notify).to.deep.equal({ ...none, title: true });
    expect(resolve({ notify: ' Desktop\tSOUND ' }).config.notify).to.deep.equal({
      ...none,
      sound: true,
      desktop: true,
    });
    const { config, warned } = resolve({ notify: 'sound title desktop title' });
    expect(config.notify).to.deep.equal({ title: true, sound: true, desktop: true });
    expect(warned).to.deep.equal([]);
  });

  it('ignores unknown words with one warning naming the attribute, and keeps the known ones', () => {
    const { config, warnings } = resolveConfig({ notify: 'title beep popup' }, page);
    expect(config.notify).to.deep.equal({ ...none, title: true });
    expect(warnings.map(configWarningText)).to.deep.equal([
      'operator-chat-panel: notify="title beep popup" holds unknown words (beep, popup); they are ignored.',
    ]);
  });

  it('takes no word for a way because an object happens to have it (toString, __proto__)', () => {
    const { config, warned } = resolve({ notify: 'toString __proto__ constructor sound' });
    expect(config.notify).to.deep.equal({ ...none, sound: true });
    expect(warned).to.deep.equal(['notify']);
  });

  it('is one of the properties the configuration is resolved from', () => {
    expect(configProperties).to.include('notify');
  });
});

describe('resolveConfig: warnings', () => {
  it('gives none for absent or empty attributes', () => {
    const empty = Object.fromEntries(configProperties.map((key) => [key, ''])) as RawAttributes;
    expect(resolve(empty).warned).to.deep.equal([]);
    expect(resolve({}).warned).to.deep.equal([]);
  });

  it('gives one per bad attribute, naming it and the value, and keeps the good ones', () => {
    const { config, warnings } = resolveConfig(
      { perPage: 'lots', theme: 'purple', pollInterval: 'fast', mode: 'floating', chatId: '9' },
      page,
    );
    expect(warnings.map(({ attribute, value }) => ({ attribute, value }))).to.have.deep.members([
      { attribute: 'per-page', value: 'lots' },
      { attribute: 'theme', value: 'purple' },
      { attribute: 'poll-interval', value: 'fast' },
    ]);
    expect(config).to.include({ mode: 'floating', chatId: 9, perPage: 20, theme: 'auto', pollIntervalMs: 3000 });
  });
});

describe('numberConverter: numbers from attributes', () => {
  it('turns a number-looking attribute into a number, and leaves anything else for the warning', () => {
    expect(numberConverter.fromAttribute('42')).to.equal(42);
    expect(numberConverter.fromAttribute(' -5 ')).to.equal(-5);
    expect(numberConverter.fromAttribute('1.5')).to.equal(1.5);
    expect(numberConverter.fromAttribute('1e3')).to.equal('1e3');
    expect(numberConverter.fromAttribute('0x10')).to.equal('0x10');
    expect(numberConverter.fromAttribute('lots')).to.equal('lots');
    expect(numberConverter.fromAttribute('')).to.equal('');
    expect(numberConverter.fromAttribute(null)).to.equal(null);
  });

  it('writes the attribute back as text', () => {
    expect(numberConverter.toAttribute(42)).to.equal('42');
    expect(numberConverter.toAttribute('lots')).to.equal('lots');
    expect(numberConverter.toAttribute(null)).to.equal(null);
  });
});

/** No page or browser language, so only the attribute decides. */
const langPage = { ...page, pageLang: null, browserLangs: [] as string[] };

describe('resolveConfig: lang (contract section 2)', () => {
  it('takes lang first and falls back from a region tag to its language', () => {
    expect(resolveConfig({ lang: 'es-MX' }, langPage).config.locale).to.equal('es');
    expect(resolveConfig({ lang: 'uk-UA' }, langPage).config.locale).to.equal('uk');
    expect(resolveConfig({ lang: 'TR_tr' }, langPage).config.locale).to.equal('tr');
    expect(resolveConfig({ lang: 'ru' }, { ...langPage, pageLang: 'es' }).config).to.include({
      locale: 'ru',
      localeExplicit: true,
    });
  });

  it('uses the page language, then the browser languages in order, then English', () => {
    expect(resolveConfig({}, { ...langPage, pageLang: 'uk', browserLangs: ['es'] }).config).to.include({
      locale: 'uk',
      localeExplicit: false,
    });
    expect(
      resolveConfig({}, { ...langPage, pageLang: 'pt-BR', browserLangs: ['de-DE', 'es-419', 'ru'] }).config.locale,
    ).to.equal('es');
    expect(resolveConfig({}, { ...langPage, pageLang: null, browserLangs: ['pt'] }).config.locale).to.equal('en');
  });

  it('warns once about an unsupported lang and uses the default (pt to en)', () => {
    const { config, warnings } = resolveConfig({ lang: 'pt' }, langPage);
    expect(config).to.include({ locale: 'en', localeExplicit: false });
    expect(warnings).to.have.length(1);
    expect(warnings[0].attribute).to.equal('lang');
    expect(configWarningText(warnings[0])).to.contain('lang="pt"');
  });
});
