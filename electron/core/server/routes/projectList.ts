import type { Context } from 'hono';
import { z } from 'zod';
import type { Fieldset } from '../../domain/flexFields.js';
import { parseFieldset } from '../../domain/flexFields.js';
import {
  listProjectCounts,
  listProjects,
  parseOrdering,
  type ListProjectsQuery,
  type ProjectPage,
} from '../../domain/projects/listProjects.js';
import type { AppEnv } from '../appEnv.js';
import { parseWith } from '../drfValidation.js';
import { pageLinks } from '../pagination.js';
import { readPageRequest } from '../pageRequest.js';

/** `ids=1,2,3`. Label Studio answers 500 for a non-integer entry; here it is a field error. */
const ids = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return null;
    const values = raw.split(',').map((part) => part.trim());
    if (values.some((part) => !/^[+-]?\d+$/.test(part))) {
      ctx.issues.push({ code: 'custom', message: 'A valid integer is required.', input: raw });
      return z.NEVER;
    }
    return values.map(Number);
  });

const listQuery = z.object({
  ids,
  title: z
    .string()
    .optional()
    .transform((title) => title || null),
  // GetFieldsSerializer.validate_filter turns anything unknown into None, which means "all".
  filter: z
    .string()
    .optional()
    .transform((filter) => (filter === 'pinned_only' || filter === 'exclude_pinned' ? filter : 'all')),
  ordering: z.string().optional(),
  page: z.string().optional(),
  page_size: z.string().optional(),
});

/** Query values the way Django's QueryDict.get reads them: the last of a repeated key. */
export function lastQueryValues(c: Context<AppEnv>): Record<string, string> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.at(-1) ?? '']));
}

export function fieldsetOf(c: Context<AppEnv>): Fieldset {
  return parseFieldset(c.req.queries('include') ?? [], c.req.queries('omit') ?? []);
}

function readListQuery(c: Context<AppEnv>): ListProjectsQuery {
  const query = parseWith(listQuery, lastQueryValues(c));
  return {
    filter: { ids: query.ids, title: query.title, pinned: query.filter },
    ordering: parseOrdering(query.ordering),
    page: readPageRequest(query.page, query.page_size),
    fieldset: fieldsetOf(c),
  };
}

/** DRF's page envelope with absolute next/previous links. */
function sendPage(c: Context<AppEnv>, page: ProjectPage): Response {
  const links = pageLinks(c.req.url, page.page);
  return c.json({ count: page.count, next: links.next, previous: links.previous, results: page.results });
}

/** `GET /api/projects/` (docs/label-studio-compatibility.md#project-list). */
export function handleListProjects(c: Context<AppEnv>): Response {
  return sendPage(c, listProjects(c.get('deps'), c.get('userId'), readListQuery(c)));
}

/** `GET /api/projects/counts/`: paginated and filtered like the list. */
export function handleProjectCounts(c: Context<AppEnv>): Response {
  return sendPage(c, listProjectCounts(c.get('deps'), readListQuery(c)));
}
