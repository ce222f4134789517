/**
 * One run of each measurement, by what the operator waits for. Every run gets a fresh
 * organization and a fresh page (bench-page.mjs), so runs never share state. Timings use the
 * page's own clock: when a response arrived (Resource Timing) to when the DOM showed it
 * (animation frames, wrapped element updates).
 */
export * from './measures-open.mjs';
export * from './measures-burst.mjs';
export * from './measures-steady.mjs';
export * from './measures-find.mjs';
