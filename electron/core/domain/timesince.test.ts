import { describe, expect, it } from 'vitest';
import { timesince } from './timesince.js';

const NOW = new Date('2026-03-31T12:00:00.000Z');

describe("timesince (Django's django.utils.timesince)", () => {
  it('prints at most two adjacent units with non-breaking spaces', () => {
    expect(timesince('2026-03-31T11:59:30.500000Z', NOW)).toBe('0\u00a0minutes');
    expect(timesince('2026-03-31T11:59:00.000000Z', NOW)).toBe('1\u00a0minute');
    expect(timesince('2026-03-31T09:57:00.000000Z', NOW)).toBe('2\u00a0hours, 3\u00a0minutes');
    expect(timesince('2026-03-30T12:00:00.000000Z', NOW)).toBe('1\u00a0day');
    expect(timesince('2026-03-16T11:00:00.000000Z', NOW)).toBe('2\u00a0weeks, 1\u00a0day');
    // Adjacent units only: 1 day and 0 hours stops at the day even with minutes left.
    expect(timesince('2026-03-30T11:58:00.000000Z', NOW)).toBe('1\u00a0day');
    expect(timesince('2025-01-31T12:00:00.000000Z', NOW)).toBe('1\u00a0year, 2\u00a0months');
  });

  it('is "0 minutes" for a time in the future or an unreadable one', () => {
    expect(timesince('2026-04-01T00:00:00.000000Z', NOW)).toBe('0\u00a0minutes');
    expect(timesince('garbage', NOW)).toBe('0\u00a0minutes');
  });
});
