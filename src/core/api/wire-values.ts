/**
 * Reading JSON from the chat API: the typed values every wire shape is made of. Anything not of
 * the documented shape throws a `malformed` ApiError so the caller keeps what is on screen.
 */
import { ApiError } from './api-error.js';

type Json = Record<string, unknown>;

export function malformed(what: string): never {
  throw new ApiError('malformed', `Unexpected answer from the chat API: ${what}`);
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function int(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return null;
}

export function requiredInt(value: unknown, what: string): number {
  return int(value) ?? malformed(`${what} is not a number`);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

export function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function parseTime(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') return 0;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : 0;
}

export function person(value: unknown): { id: number | null; name: string | null; photo: string | null } {
  if (!isObject(value)) return { id: null, name: null, photo: null };
  return { id: int(value.id), name: optionalText(value.name), photo: optionalText(value.photo) };
}
