/**
 * The dashboard's ranges, dates and names in words. Pure (the clock and zone are arguments), for
 * unit tests.
 */
import type { DashboardAnnotator, DashboardBucket, DashboardQuery } from '../../api/dashboard';

export type RangeChoice = 'all' | '7' | '30' | '90';

export const RANGE_CHOICES: { value: RangeChoice; label: string }[] = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'all', label: 'All time' },
];

/** The local date of `now` in `timeZone`, as `YYYY-MM-DD`. */
export function localDate(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The request for a choice: "last N days" ends today, "all time" lets the server start at the first annotation. */
export function dashboardQuery(
  range: RangeChoice,
  bucket: DashboardBucket,
  now: Date,
  timeZone: string,
): DashboardQuery {
  if (range === 'all') return { bucket, timezone: timeZone };
  const to = localDate(now, timeZone);
  return { from: shiftDate(to, 1 - Number(range)), to, bucket, timezone: timeZone };
}

const DAY = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const FULL_DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Jan 15": an axis tick. */
export function shortDate(date: string): string {
  return DAY.format(utcDate(date));
}

/** "Jan 15, 2026", or "Week of Jan 12, 2026". */
export function pointName(date: string, bucket: DashboardBucket): string {
  const day = FULL_DAY.format(utcDate(date));
  return bucket === 'week' ? `Week of ${day}` : day;
}

/** "Jan 15, 2026 – Jan 19, 2026", or one day. */
export function rangeName(from: string, to: string): string {
  return from === to
    ? FULL_DAY.format(utcDate(from))
    : `${FULL_DAY.format(utcDate(from))} – ${FULL_DAY.format(utcDate(to))}`;
}

/** The person's name when known, else the email; annotations with no author say so. */
export function annotatorName(annotator: DashboardAnnotator): string {
  if (!annotator.user) return 'Unknown annotator';
  const name = `${annotator.user.first_name} ${annotator.user.last_name}`.trim();
  return name || annotator.user.email;
}

export { formatCount, pluralize as plural } from '../../../../shared/text/counts';

/** A whole percentage; "<1%" rather than a misleading 0% for a small nonzero share. */
export function formatShare(part: number, total: number): string {
  if (total === 0 || part === 0) return '0%';
  const share = (part / total) * 100;
  return share < 1 ? '<1%' : `${Math.floor(share)}%`;
}
