import type { DashboardBucket, DashboardPoint as SeriesPoint } from '../../../../shared/api/dashboard.js';
import { BUCKET_SECONDS, type BucketActivityRow } from '../../db/repos/dashboardRepo.js';
import { addDays, daysBetween, mondayOf, type ZonedCalendar } from './zonedCalendar.js';

const BUCKET_MS = BUCKET_SECONDS * 1000;

/** The local days from..to (both included) as bucket boundaries: day i is [edges[i], edges[i + 1]). */
export function dayEdges(calendar: ZonedCalendar, from: string, to: string): number[] {
  const days = daysBetween(from, to) + 1;
  return Array.from({ length: days + 1 }, (_, index) => Math.floor(calendar.startOf(addDays(from, index)) / BUCKET_MS));
}

/**
 * Every day (or week) of the range, zeros included, so a chart's axis has no holes. `rows` are in
 * bucket order and inside [edges[0], edges.at(-1)), as the repo returns them.
 */
export function buildSeries(
  rows: readonly BucketActivityRow[],
  edges: readonly number[],
  from: string,
  bucket: DashboardBucket,
): SeriesPoint[] {
  const days: SeriesPoint[] = Array.from({ length: edges.length - 1 }, (_, index) => ({
    date: addDays(from, index),
    submitted: 0,
    skipped: 0,
  }));
  let day = 0;
  for (const row of rows) {
    while (day < days.length - 1 && row.bucket >= edges[day + 1]!) day += 1;
    const point = days[day]!;
    point.submitted += row.submitted;
    point.skipped += row.skipped;
  }
  return bucket === 'day' ? days : groupByWeek(days);
}

function groupByWeek(days: readonly SeriesPoint[]): SeriesPoint[] {
  const weeks: SeriesPoint[] = [];
  for (const day of days) {
    const monday = mondayOf(day.date);
    let week = weeks.at(-1);
    if (week?.date !== monday) {
      week = { date: monday, submitted: 0, skipped: 0 };
      weeks.push(week);
    }
    week.submitted += day.submitted;
    week.skipped += day.skipped;
  }
  return weeks;
}
