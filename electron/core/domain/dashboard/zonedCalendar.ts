/*
 * Calendar dates (`YYYY-MM-DD`) in an IANA time zone, so a dashboard's days are the viewer's days,
 * daylight saving time included. Date arithmetic on the strings is done in UTC, where every day
 * has 24 hours; only the instants where local days start depend on the zone.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a valid `YYYY-MM-DD` date, or null for anything else (2026-02-30 included). */
export function parseDate(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  const isSameDate = back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
  return isSameDate ? utc : null;
}

function formatUtcDate(utc: number): string {
  return new Date(utc).toISOString().slice(0, 10);
}

/** `date` moved by `days` (negative: back). `date` must be valid. */
export function addDays(date: string, days: number): string {
  return formatUtcDate(parseDate(date)! + days * DAY_MS);
}

/** Whole days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDate(to)! - parseDate(from)!) / DAY_MS);
}

/** The Monday of the ISO week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(parseDate(date)!).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface ZonedCalendar {
  /** The local date at an instant (milliseconds since the epoch). */
  dateAt(instant: number): string;
  /** The instant the local day `date` starts (its first minute, when midnight is skipped by DST). */
  startOf(date: string): number;
}

/** A calendar for one IANA zone name (checked with isTimeZone first). */
export function zonedCalendar(timeZone: string): ZonedCalendar {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  /** The wall clock at `instant`, read as if it were UTC. */
  const wallClock = (instant: number): number => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(instant))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
    return Date.UTC(year, month - 1, day, hour, minute, second);
  };
  const offsetAt = (instant: number): number => wallClock(instant) - Math.floor(instant / 1000) * 1000;

  return {
    dateAt: (instant) => formatUtcDate(wallClock(instant)),
    startOf(date) {
      const midnight = parseDate(date)!;
      // The offset just before and at the guess differ only across a DST change on that night.
      const guess = midnight - offsetAt(midnight);
      const instant = midnight - offsetAt(guess);
      // Where midnight does not exist (clocks jump from 23:59 to 01:00), the day starts at the jump.
      return this.dateAt(instant) === date ? instant : guess;
    },
  };
}
