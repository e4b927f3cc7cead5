import type { DmTaskPage } from '../../../../shared/api/dataManager.js';
import type { DomainContext } from '../context.js';
import { applyFieldset, type Fieldset } from '../flexFields.js';
import { resolvePage, type PageRequest, type PageSettings } from '../pagination.js';
import { compileTaskQuery, resolvePrepareParams, type TaskQuerySource } from './resolveTaskQuery.js';
import { serializeDmTasks } from './serializeDmTasks.js';
import { readTaskPageIds, readTaskTotals } from './taskPages.js';

/**
 * Label Studio's TaskPagination: 100 a page, `page_size` as asked with no upper bound (Label
 * Studio's TASK_API_PAGE_SIZE_MAX is unset by default); 0, negative or invalid sizes mean 100.
 */
export const TASK_PAGES: PageSettings = { defaultSize: 100, maxSize: Number.MAX_SAFE_INTEGER };

export interface ListTasksRequest extends TaskQuerySource {
  page: PageRequest;
  fields: 'all' | 'task_only';
  fieldset: Fieldset;
  resolveUri: boolean;
}

/** The page as the shared schema has it, each task thinned by `include`/`omit` when asked. */
export type TaskListEnvelope = Omit<DmTaskPage, 'tasks'> & { tasks: Record<string, unknown>[] };

/** Label Studio's DM serializer puts `allow_skip` back whatever `include` or `omit` said (its clients read it). */
function withAllowSkip(shown: Record<string, unknown>, task: Record<string, unknown>): Record<string, unknown> {
  return 'allow_skip' in shown ? shown : { ...shown, allow_skip: task.allow_skip };
}

/**
 * `GET /api/tasks/` (docs/label-studio-compatibility.md#task-lists). Steps:
 * 1. the project and the filters, ordering and selection (from the view or the query);
 * 2. their SQL, with a data-key index made first for large projects when one would serve it;
 * 3. in one read transaction: the totals, the page (404 `Invalid page.` outside 1..last), the
 *    page's ids, and the page serialized with a fixed number of queries.
 */
export function listTasks(ctx: DomainContext, userId: number, request: ListTasksRequest): TaskListEnvelope {
  const params = resolvePrepareParams(ctx, request);
  const query = compileTaskQuery(ctx, params);
  return ctx.db.transaction(() => {
    const totals = readTaskTotals(ctx.db, query.set, query.ordering);
    const page = resolvePage(request.page, totals.total, TASK_PAGES);
    const ids = totals.total === 0 ? [] : readTaskPageIds(ctx.db, query.set, query.ordering, page.offset, page.size);
    const tasks = serializeDmTasks(ctx, userId, ids, {
      fields: request.fields,
      completedBy: 'id',
      resolveUri: request.resolveUri,
    });
    return {
      total_annotations: totals.annotations,
      total_predictions: totals.predictions,
      total: totals.total,
      tasks: tasks.map((task) => withAllowSkip(applyFieldset(task, request.fieldset), task)),
    };
  })();
}
