import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isTimeZone, mondayOf, parseDate, zonedCalendar } from './zonedCalendar.js';

const iso = (instant: number) => new Date(instant).toISOString();

describe('zonedCalendar', () => {
  it('starts local days where the zone starts them, across DST changes and odd offsets', () => {
    const cases: [string, string, string][] = [
      ['UTC', '2026-01-15', '2026-01-15T00:00:00.000Z'],
      // The nights Paris moves its clocks: the day starts at the offset in force at midnight.
      ['Europe/Paris', '2026-03-29', '2026-03-28T23:00:00.000Z'],
      ['Europe/Paris', '2026-03-30', '2026-03-29T22:00:00.000Z'],
      ['Europe/Paris', '2026-10-25', '2026-10-24T22:00:00.000Z'],
      ['Europe/Paris', '2026-10-26', '2026-10-25T23:00:00.000Z'],
      ['Asia/Kolkata', '2026-01-15', '2026-01-14T18:30:00.000Z'],
      ['Asia/Kathmandu', '2026-01-15', '2026-01-14T18:15:00.000Z'],
      // Havana skips from 23:59 to 01:00 on that night: the day starts at 01:00 local.
      ['America/Havana', '2024-03-10', '2024-03-10T05:00:00.000Z'],
    ];
    for (const [zone, date, start] of cases) {
      const calendar = zonedCalendar(zone);
      expect(iso(calendar.startOf(date)), `${zone} ${date}`).toBe(start);
      expect(calendar.dateAt(calendar.startOf(date))).toBe(date);
      expect(calendar.dateAt(calendar.startOf(date) - 1)).toBe(addDays(date, -1));
    }
  });

  it('reads dates strictly and counts days and weeks in UTC arithmetic', () => {
    expect(parseDate('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    for (const text of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '2026-01-01T00:00']) {
      expect(parseDate(text), text).toBeNull();
    }
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-01-15', '2026-01-19')).toBe(4);
    expect(daysBetween('2026-01-19', '2026-01-15')).toBe(-4);
    expect(mondayOf('2026-01-18')).toBe('2026-01-12');
    expect(mondayOf('2026-01-19')).toBe('2026-01-19');
  });

  it('knows IANA zone names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
