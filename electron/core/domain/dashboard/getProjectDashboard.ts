import type { DashboardAnnotator, DashboardBucket, ProjectDashboard } from '../../../../shared/api/dashboard.js';
import {
  BUCKET_SECONDS,
  countDashboardTasks,
  findActivityBounds,
  listAnnotatorActivity,
  listBucketActivity,
  listLabelCounts,
  type AnnotatorActivityRow,
} from '../../db/repos/dashboardRepo.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { getProjectRow } from '../projects/getProject.js';
import { groupLabelCounts } from './dashboardLabels.js';
import { buildSeries, dayEdges } from './dashboardSeries.js';
import { addDays, daysBetween, zonedCalendar } from './zonedCalendar.js';

/** Ten years of days: a longer range is refused, and "all time" starts no earlier. */
export const MAX_RANGE_DAYS = 3660;

export interface DashboardRequest {
  /** First local day (YYYY-MM-DD, valid); absent: the day of the project's first annotation. */
  from?: string | undefined;
  /** Last local day, included; absent: today. */
  to?: string | undefined;
  bucket: DashboardBucket;
  /** An IANA zone name, already checked. */
  timezone: string;
}

const BUCKET_MS = BUCKET_SECONDS * 1000;

function presentAnnotator(row: AnnotatorActivityRow): DashboardAnnotator {
  const user =
    row.completed_by === 0 || row.email === null
      ? null
      : { id: row.completed_by, email: row.email, first_name: row.first_name ?? '', last_name: row.last_name ?? '' };
  return { user, submitted: row.submitted, skipped: row.skipped };
}

/**
 * `GET /api/outpost/projects/{id}/dashboard`: the project's progress for its dashboard. Every
 * number is read from indexes and the small aggregates kept by migration 0011, so the cost does
 * not grow with the project's annotations. A "skipped" task is one with a skip and no submitted
 * annotation; "completed" ones are the other labeled tasks.
 */
export function getProjectDashboard(
  ctx: DomainContext,
  projectId: number,
  request: DashboardRequest,
): ProjectDashboard {
  const project = getProjectRow(ctx, projectId);
  const calendar = zonedCalendar(request.timezone);

  // 1. The range of local days.
  const to = request.to ?? calendar.dateAt(ctx.clock().getTime());
  let from = request.from;
  if (from === undefined) {
    const { first } = findActivityBounds(ctx.db, projectId);
    const firstDay = first === null ? to : calendar.dateAt(first * BUCKET_MS);
    from = daysBetween(firstDay, to) < 0 ? to : firstDay;
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) from = addDays(to, 1 - MAX_RANGE_DAYS);
  } else if (daysBetween(from, to) < 0) {
    throw new ValidationError({ to: ['Ensure this date is not before from.'] });
  } else if (daysBetween(from, to) >= MAX_RANGE_DAYS) {
    throw new ValidationError({ non_field_errors: [`Ensure the range holds at most ${MAX_RANGE_DAYS} days.`] });
  }

  // 2. The range as quarter hours; without `from`, annotations of unknown time count too.
  const edges = dayEdges(calendar, from, to);
  const start = edges[0]!;
  const end = edges.at(-1)!;
  const countedFrom = request.from === undefined ? -1 : start;

  // 3. The reads, in one transaction so they agree with each other.
  return ctx.db.transaction(() => {
    const tasks = countDashboardTasks(ctx.db, projectId);
    const annotators = listAnnotatorActivity(ctx.db, projectId, countedFrom, end).map(presentAnnotator);
    const completed = tasks.labeled - tasks.skipped_labeled;
    return {
      project: projectId,
      from,
      to,
      bucket: request.bucket,
      timezone: request.timezone,
      totals: {
        tasks: tasks.tasks,
        completed,
        skipped: tasks.skipped,
        remaining: tasks.tasks - completed - tasks.skipped,
      },
      period: {
        submitted: annotators.reduce((sum, row) => sum + row.submitted, 0),
        skipped: annotators.reduce((sum, row) => sum + row.skipped, 0),
      },
      series: buildSeries(listBucketActivity(ctx.db, projectId, start, end), edges, from, request.bucket),
      labels: groupLabelCounts(listLabelCounts(ctx.db, projectId, countedFrom, end), project.parsed_label_config),
      annotators,
    };
  })();
}
