/**
 * Django's `timesince(d)` as Label Studio's `created_ago` fields print it: the two largest
 * non-zero units, joined by ", ", each number glued to its unit with a non-breaking space
 * (`avoid_wrapping`), e.g. "1\u00a0hour, 3\u00a0minutes"; "0\u00a0minutes" under a minute or
 * for a time in the future. Months are calendar months from a pivot date (February always has
 * 28 days there, as in Django).
 */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;
const CHUNKS = [604800, 86400, 3600, 60];

function phrase(count: number, unit: string): string {
  return `${count}\u00a0${unit}${count === 1 ? '' : 's'}`;
}

/** `since` is a stored timestamp (`2024-06-18T23:45:46.048490Z`); microseconds are ignored. */
export function timesince(since: string, now: Date): string {
  const start = new Date(since);
  if (Number.isNaN(start.getTime())) return phrase(0, 'minute');
  const startSeconds = Math.floor(start.getTime() / 1000);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds - startSeconds <= 0) return phrase(0, 'minute');

  let totalMonths = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  const startTimeOfDay = start.getTime() % 86400000;
  const nowTimeOfDay = now.getTime() % 86400000;
  if (
    start.getUTCDate() > now.getUTCDate() ||
    (start.getUTCDate() === now.getUTCDate() && startTimeOfDay > nowTimeOfDay)
  ) {
    totalMonths -= 1;
  }
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  let pivotSeconds = startSeconds;
  if (years || months) {
    let pivotYear = start.getUTCFullYear() + years;
    let pivotMonth = start.getUTCMonth() + 1 + months;
    if (pivotMonth > 12) {
      pivotMonth -= 12;
      pivotYear += 1;
    }
    const day = Math.min(MONTH_DAYS[pivotMonth - 1]!, start.getUTCDate());
    const pivot = Date.UTC(
      pivotYear,
      pivotMonth - 1,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    );
    pivotSeconds = Math.floor(pivot / 1000);
  }
  let remaining = nowSeconds - pivotSeconds;
  const partials: number[] = [years, months];
  for (const chunk of CHUNKS) {
    const count = Math.floor(remaining / chunk);
    partials.push(count);
    remaining -= chunk * count;
  }
  const first = partials.findIndex((value) => value !== 0);
  if (first === -1) return phrase(0, 'minute');
  const parts: string[] = [];
  for (let index = first; index < partials.length && parts.length < 2; index += 1) {
    const value = partials[index]!;
    if (value === 0) break;
    parts.push(phrase(value, UNITS[index]!));
  }
  return parts.join(', ');
}
