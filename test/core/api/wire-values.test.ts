/**
 * The typed values every wire shape is made of: lenient where the service is (numbers as strings,
 * nulls, missing fields), and a `malformed` ApiError where a required value is missing.
 */
import { expect } from '@open-wc/testing';
import {
  int,
  isObject,
  malformed,
  optionalText,
  parseTime,
  person,
  requiredInt,
  text,
} from '../../../src/core/api/wire-values.js';
import { expectApiError } from '../../support/api-error.js';

describe('wire values: numbers', () => {
  it('reads whole numbers from numbers and numeric strings, dropping any fraction', () => {
    expect(int(42)).to.equal(42);
    expect(int(0)).to.equal(0);
    expect(int(-3)).to.equal(-3);
    expect(int(7.9)).to.equal(7);
    expect(int('42')).to.equal(42);
    expect(int(' 17 ')).to.equal(17);
    expect(int('2.5')).to.equal(2);
  });

  it('reads no number (null) from anything else', () => {
    for (const value of [null, undefined, '', '  ', 'abc', '12px', NaN, Infinity, '-Infinity', true, {}, [], [1]]) {
      expect(int(value), String(value)).to.equal(null);
    }
  });

  it('throws a malformed ApiError saying which required number is missing', () => {
    expect(requiredInt('10', 'chat id')).to.equal(10);
    const error = expectApiError(() => requiredInt(undefined, 'chat id'), 'malformed', 'missing');
    expect(error.message).to.equal('Unexpected answer from the chat API: chat id is not a number');
    expect(error.retryable).to.equal(false);
    expectApiError(() => requiredInt('x', 'chat id'), 'malformed', 'text');
  });
});

describe('wire values: text', () => {
  it('reads any value as text, null and undefined as empty', () => {
    expect(text('Hello')).to.equal('Hello');
    expect(text('')).to.equal('');
    expect(text(null)).to.equal('');
    expect(text(undefined)).to.equal('');
    expect(text(5)).to.equal('5');
    expect(text(false)).to.equal('false');
  });

  it('reads optional text as null when empty or not a string', () => {
    expect(optionalText('Anna')).to.equal('Anna');
    for (const value of ['', null, undefined, 5, {}]) expect(optionalText(value), String(value)).to.equal(null);
  });

  it('keeps text exactly, markup included: rendering makes it safe, not parsing', () => {
    expect(text('<img src=x onerror=alert(1)>')).to.equal('<img src=x onerror=alert(1)>');
    expect(optionalText(' padded ')).to.equal(' padded ');
  });
});

describe('wire values: times', () => {
  it('reads ISO 8601 timestamps and epoch milliseconds', () => {
    expect(parseTime('2026-01-01T12:00:00Z')).to.equal(Date.UTC(2026, 0, 1, 12));
    expect(parseTime('2026-01-01T12:00:00.250+03:00')).to.equal(Date.UTC(2026, 0, 1, 9, 0, 0, 250));
    expect(parseTime(1767268800000)).to.equal(1767268800000);
  });

  it('reads 0 (unknown) for what is not a time', () => {
    for (const value of [null, undefined, '', 'yesterday', NaN, Infinity, {}, true]) {
      expect(parseTime(value), String(value)).to.equal(0);
    }
  });
});

describe('wire values: objects and people', () => {
  it('takes only plain objects for objects', () => {
    expect(isObject({})).to.equal(true);
    for (const value of [null, [], 'x', 1, undefined]) expect(isObject(value), String(value)).to.equal(false);
  });

  it('reads a person’s id, name and photo, each or all of them missing', () => {
    expect(person({ id: 3, name: 'Anna', photo: 'https://cdn.example/a.jpg', extra: true })).to.deep.equal({
      id: 3,
      name: 'Anna',
      photo: 'https://cdn.example/a.jpg',
    });
    expect(person({ id: '3', name: '', photo: null })).to.deep.equal({ id: 3, name: null, photo: null });
    for (const value of [null, undefined, 'Anna', [], 5]) {
      expect(person(value), String(value)).to.deep.equal({ id: null, name: null, photo: null });
    }
  });

  it('throws a malformed ApiError with the reason', () => {
    const error = expectApiError(() => malformed('the chat list has no items'), 'malformed');
    expect(error.message).to.equal('Unexpected answer from the chat API: the chat list has no items');
    expect(error.name).to.equal('ApiError');
  });
});
