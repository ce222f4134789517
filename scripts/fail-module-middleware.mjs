/**
 * For tests of a chunk that does not load: while the page's cookie `ocp-fail-module` holds part
 * of a script's path, the connection that asks for that script is dropped, as a flaky network
 * drops it. A dropped connection rather than an error status: the test runner marks every
 * answer for a file as cacheable for a year, and the browser would keep an error answer and
 * never ask again. Scripts are answered with `Vary: Cookie`, so one that an earlier test file
 * loaded (and the browser keeps) is asked for again once the cookie is set. The test sets the
 * cookie before the panel asks for the chunk and clears it to let the next attempt through.
 */
/**
 * @param {string[]} failedByTests parts of the paths tests make fail: those scripts are never kept
 *   (no-store), so a copy an earlier file loaded in the same browser context (the HTTP cache, or a
 *   renderer's memory cache, which does not always tell answers apart by Vary) cannot stand in.
 */
export function failModuleMiddleware(failedByTests) {
  return async (context, next) => {
    const script = /\.[jt]s$/.test(context.path);
    const name = context.cookies.get('ocp-fail-module');
    if (script && name && context.path.includes(name)) {
      context.respond = false;
      context.req.socket.destroy();
      return;
    }
    await next();
    if (script) context.vary('Cookie');
    if (script && failedByTests.some((part) => context.path.includes(part))) context.set('Cache-Control', 'no-store');
  };
}
