/**
 * Hides or shows the test page for real: the hidden-page group's server command minimizes or
 * restores its window over CDP (scripts/page-visibility-plugin.mjs), so visibilityState,
 * visibilitychange and timer throttling come from Chromium. Only in that group.
 */
import { waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

export async function setPageHidden(hidden: boolean): Promise<void> {
  const answer = await executeServerCommand<{ ok: boolean; reason?: string }, { hidden: boolean }>('set-page-hidden', {
    hidden,
  });
  if (!answer?.ok) throw new Error(answer?.reason ?? 'set-page-hidden is not available');
  await waitUntil(
    () => document.visibilityState === (hidden ? 'hidden' : 'visible'),
    `the page to be ${hidden ? 'hidden' : 'visible'}`,
    { timeout: 10000 },
  );
}
