import {
  countProjects,
  isOrderField,
  listProjectRows,
  type OrderTerm,
  type ProjectListFilter,
} from '../../db/repos/projectListRepo.js';
import type { DomainContext } from '../context.js';
import type { Fieldset } from '../flexFields.js';
import { resolvePage, type PageRequest, type PageSettings, type ResolvedPage } from '../pagination.js';
import { presentProjectCounts, presentProjects, type ProjectWire } from './serializeProject.js';

export type { OrderTerm, ProjectListFilter };

/** Label Studio's project pagination: 30 a page by default, `page_size` capped at 100. */
export const PROJECT_PAGES: PageSettings = { defaultSize: 30, maxSize: 100 };

export interface ListProjectsQuery {
  filter: ProjectListFilter;
  ordering: readonly OrderTerm[];
  page: PageRequest;
  fieldset: Fieldset;
}

export interface ProjectPage {
  count: number;
  page: ResolvedPage;
  results: ProjectWire[];
}

/**
 * DRF OrderingFilter's `ordering=a,-b`: unknown fields are dropped silently; with none left,
 * the default order applies (pinned first, then newest).
 */
export function parseOrdering(raw: string | undefined): OrderTerm[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((term) => term.trim())
    .map((term) => ({ field: term.replace(/^-/, ''), descending: term.startsWith('-') }))
    .filter((term): term is OrderTerm => isOrderField(term.field));
}

function readPage(ctx: DomainContext, query: ListProjectsQuery) {
  const count = countProjects(ctx.db, query.filter);
  const page = resolvePage(query.page, count, PROJECT_PAGES);
  const rows = listProjectRows(ctx.db, query.filter, query.ordering, page.size, page.offset);
  return { count, page, rows };
}

/** `GET /api/projects/`: one page, its counters computed with one grouped query per family. */
export function listProjects(ctx: DomainContext, userId: number, query: ListProjectsQuery): ProjectPage {
  return ctx.db.transaction(() => {
    const { count, page, rows } = readPage(ctx, query);
    const results = presentProjects(ctx, rows, { userId, fieldset: query.fieldset, withCounters: true });
    return { count, page, results };
  })();
}

/** `GET /api/projects/counts/`: the same page, items holding only the id and the counters. */
export function listProjectCounts(ctx: DomainContext, query: ListProjectsQuery): ProjectPage {
  return ctx.db.transaction(() => {
    const { count, page, rows } = readPage(ctx, query);
    const results = presentProjectCounts(
      ctx,
      rows.map((row) => row.id),
      query.fieldset,
    );
    return { count, page, results };
  })();
}
