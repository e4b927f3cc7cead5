import { MAX_SCOPE_IDS, type SyncScope, type RemoteView } from '../../../../shared/api/syncScope';
import { formatCount, pluralize } from '../../../../shared/text/counts';
import type { RemoteProject } from '../../api/remotes';

/*
 * A mirror's part of its remote project in words, and the task-id field of the "Choose part"
 * dialog: "1-100, 250, 300-320" read into the scope the server stores, and a stored scope written
 * back the same way.
 */

export type TaskIdScope = Extract<NonNullable<SyncScope>, { kind: 'ids' | 'range' }>;

/** The row's short summary: "Whole project", "Tab “Needs review”", "Tasks 100–200", … */
export function scopeSummary(scope: SyncScope | undefined): string {
  if (!scope) return 'Whole project';
  switch (scope.kind) {
    case 'view':
      return `Tab “${scope.title}”`;
    case 'range':
      return scope.from === scope.to
        ? `Task ${formatCount(scope.from)}`
        : `Tasks ${formatCount(scope.from)}–${formatCount(scope.to)}`;
    case 'ids':
      return pluralize(scope.ids.length, 'chosen task');
    case 'unlabeled':
      return `${formatCount(scope.count)} unlabeled at a time`;
  }
}

/** "40 of 3,000 tasks here" once mirrored; null before, when there is nothing here to count. */
export function mirrorHolding(project: Pick<RemoteProject, 'task_number' | 'mirror'>): string | null {
  const held = project.mirror?.tasks;
  if (held === undefined) return null;
  if (project.task_number === null) return `${pluralize(held, 'task')} here`;
  return `${formatCount(held)} of ${formatCount(project.task_number)} tasks here`;
}

/** A tab as the select offers it: its title and how many filters narrow it. */
export function viewLabel(view: RemoteView): string {
  const filters = view.filters === 0 ? 'no filters' : pluralize(view.filters, 'filter');
  return `${view.title.trim() || `Tab ${view.id}`} (${filters})`;
}

interface Span {
  from: number;
  to: number;
}

const RANGE = /^(\d+)-(\d+)$/;
const SINGLE = /^\d+$/;

/** One item of the list ("250" or "300-320"), or why it is not one. */
function readSpan(item: string): Span | string {
  const range = RANGE.exec(item);
  const [from, to] = range
    ? [Number(range[1]), Number(range[2])]
    : SINGLE.test(item)
      ? [Number(item), Number(item)]
      : [];
  if (from === undefined || to === undefined) return `“${item}” is not a task id or a range like 100-200.`;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return `“${item}” is too large for a task id.`;
  if (from < 1) return `“${item}”: task ids start at 1.`;
  if (to < from) return `“${item}” ends before it starts: write ${to}-${from}.`;
  return { from, to };
}

/** Sorted, with overlapping or touching spans joined, so counting them counts each id once. */
function joinSpans(spans: Span[]): Span[] {
  const joined: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    const last = joined.at(-1);
    if (last && span.from <= last.to + 1) last.to = Math.max(last.to, span.to);
    else joined.push({ ...span });
  }
  return joined;
}

/**
 * The task-id field read into a scope: one range alone ("100-200") is a range, which the server
 * keeps as two numbers however wide; anything else is the list of ids it names, each once.
 * Items are separated by commas or spaces; an en dash reads as a hyphen.
 */
export function parseTaskIds(text: string): { scope: TaskIdScope } | { problem: string } {
  const items = text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,;]+/)
    .filter((item) => item.length > 0);
  if (items.length === 0) return { problem: 'Enter task ids or ranges, e.g. 1-100, 250, 300-320.' };
  const spans: Span[] = [];
  for (const item of items) {
    const span = readSpan(item);
    if (typeof span === 'string') return { problem: span };
    spans.push(span);
  }
  const [only] = spans;
  if (only && spans.length === 1 && RANGE.test(items[0] ?? '')) {
    return { scope: { kind: 'range', from: only.from, to: only.to } };
  }
  const joined = joinSpans(spans);
  const count = joined.reduce((sum, span) => sum + span.to - span.from + 1, 0);
  if (count > MAX_SCOPE_IDS) {
    return {
      problem: `That names ${formatCount(count)} tasks; a list holds at most ${formatCount(MAX_SCOPE_IDS)}. One range alone (e.g. 1-500000) has no limit.`,
    };
  }
  const ids: number[] = [];
  for (const span of joined) for (let id = span.from; id <= span.to; id += 1) ids.push(id);
  return { scope: { kind: 'ids', ids } };
}

/** Runs this long or longer are written as a range; shorter ones id by id. */
const SHORTEST_WRITTEN_RANGE = 3;

/** A stored id scope written as the field takes it: "1-100, 250, 300-320". */
export function formatTaskIds(scope: TaskIdScope): string {
  if (scope.kind === 'range') return `${scope.from}-${scope.to}`;
  const parts: string[] = [];
  for (const span of joinSpans(scope.ids.map((id) => ({ from: id, to: id })))) {
    if (span.to - span.from + 1 >= SHORTEST_WRITTEN_RANGE) parts.push(`${span.from}-${span.to}`);
    else for (let id = span.from; id <= span.to; id += 1) parts.push(String(id));
  }
  return parts.join(', ');
}

/** The "next N unlabeled tasks" field: a whole number from 1 to the most the server keeps. */
export function parseUnlabeledCount(text: string): { count: number } | { problem: string } {
  const trimmed = text.trim();
  const count = Number(trimmed);
  if (!SINGLE.test(trimmed) || count < 1 || count > MAX_SCOPE_IDS) {
    return { problem: `Enter a whole number of tasks from 1 to ${formatCount(MAX_SCOPE_IDS)}.` };
  }
  return { count };
}
