import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Scripts that do not load, for tests of the panel's lazily loaded code: while a part of a path
 * is named here, the test server drops the connection of every script whose path holds it
 * (scripts/fail-module-middleware.mjs, by a cookie the page sends with its requests), and the
 * page asks the network for each script rather than take a copy an earlier file left.
 */
export async function failScripts(pathPart: string | null): Promise<void> {
  if (pathPart !== null && !/^[\w./-]+$/.test(pathPart)) throw new Error(`Not a plain part of a path: ${pathPart}`);
  await executeServerCommand('bypass-cache', { bypass: pathPart !== null });
  document.cookie = pathPart ? `ocp-fail-module=${pathPart}; path=/` : 'ocp-fail-module=; path=/; max-age=0';
}

/**
 * Firefox ESR 153 keeps a module whose fetch failed for the life of the page, as the HTML
 * standard said until whatwg/html#10327; Chromium and WebKit fetch it again when asked.
 */
export const keepsFailedModules = navigator.userAgent.includes('Firefox/');
