/**
 * Django's `parse_datetime` as DRF's DateTimeField uses it, then DRF's output form. Microseconds
 * survive (JavaScript dates stop at milliseconds), offsets are folded into UTC, a naive time is
 * taken as UTC (Label Studio's TIME_ZONE), and a bare date means its midnight (Python 3.11's
 * `fromisoformat`, which Django tries first). The result has Outpost's stored datetime form.
 */
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Returns the instant as DRF prints it (`2024-06-18T23:45:46.048490Z`), or null when invalid. */
export function parseDjangoDateTime(text: string): string | null {
  const match = DATETIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  const offsetMinutes = parseOffset(zone);
  if (offsetMinutes === null) return null;
  const micro = Number(fraction.padEnd(6, '0'));
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d);
  utc.setUTCHours(h, mi - offsetMinutes, s, Math.floor(micro / 1000));
  const outYear = utc.getUTCFullYear();
  if (outYear < 1 || outYear > 9999) return null;
  const date = `${String(outYear).padStart(4, '0')}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
  const time = `${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}`;
  // Always six digits (DRF drops a zero fraction): stored datetimes must sort as text.
  const micros = utc.getUTCMilliseconds() * 1000 + (micro % 1000);
  return `${date}T${time}.${String(micros).padStart(6, '0')}Z`;
}

function parseOffset(zone: string | undefined): number | null {
  if (zone === undefined || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
