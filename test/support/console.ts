/** The console as a test reads it. No import of src/: the built bundle's tests use it too. */

/** Records console.warn calls until `restore()`. */
export function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = original) };
}
