import { MAX_SCOPE_IDS, syncScopeSchema, type SyncScope } from '../../../shared/api/syncScope.js';
import { formatCount } from '../../../shared/text/counts.js';
import { UsageError } from './usage.js';

/*
 * `outpost sync --scope`: the part of each --project the mirror pulls (docs/sync.md#partial-mirrors),
 * written view:3 | ids:1-100,250 | range:100-200 | unlabeled:50 | all.
 */

const FORMS = 'view:ID, ids:LIST (e.g. 1-100,250), range:FROM-TO, unlabeled:N or all';

function refuse(value: string, why: string): never {
  throw new UsageError(`--scope ${value}: ${why} (the forms are ${FORMS}).`);
}

function wholeNumber(value: string, text: string, what: string): number {
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < 1 || !Number.isSafeInteger(number)) {
    refuse(value, `${what} must be a whole number of at least 1, not '${text}'`);
  }
  return number;
}

function idRange(value: string, text: string): [number, number] {
  const [from, to, extra] = text.split('-');
  if (from === undefined || to === undefined || extra !== undefined) refuse(value, `'${text}' is not FROM-TO`);
  const range: [number, number] = [wholeNumber(value, from, 'a task id'), wholeNumber(value, to, 'a task id')];
  if (range[0] > range[1]) refuse(value, `the range ${text} ends before it starts`);
  return range;
}

/** "1-100, 250" into its ids, refusing more than the API takes. */
function idList(value: string, text: string): number[] {
  const ids = new Set<number>();
  for (const part of text.split(',').map((item) => item.trim())) {
    if (part === '') refuse(value, 'an empty item in the list');
    const [from, to] = part.includes('-') ? idRange(value, part) : [wholeNumber(value, part, 'a task id'), 0];
    for (let id = from; id <= Math.max(from, to); id += 1) {
      ids.add(id);
      if (ids.size > MAX_SCOPE_IDS) refuse(value, `more than ${formatCount(MAX_SCOPE_IDS)} ids`);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The scope the option names. A tab's title is not known here: the command asks the remote for it
 * (and whether the tab exists) before storing the scope.
 */
export function parseScopeOption(value: string): SyncScope {
  if (value === 'all') return null;
  const colon = value.indexOf(':');
  if (colon < 0) refuse(value, 'unknown scope');
  const kind = value.slice(0, colon);
  const rest = value.slice(colon + 1);
  let scope: SyncScope;
  if (kind === 'view') scope = { kind, view: wholeNumber(value, rest, 'a tab id'), title: '' };
  else if (kind === 'ids') scope = { kind, ids: idList(value, rest) };
  else if (kind === 'range') {
    const [from, to] = idRange(value, rest);
    scope = { kind, from, to };
  } else if (kind === 'unlabeled') scope = { kind, count: wholeNumber(value, rest, 'the number of tasks') };
  else refuse(value, `unknown kind '${kind}'`);
  const checked = syncScopeSchema.safeParse(scope);
  if (!checked.success) refuse(value, checked.error.issues[0]?.message ?? 'not a scope');
  return checked.data;
}
