import { isErrorEnvelope } from '../../../../shared/api/errors';
import type { SyncScope, RemoteView } from '../../../../shared/api/syncScope';
import { formatTaskIds, parseTaskIds, parseUnlabeledCount } from './scopeText';

/*
 * The "Choose part" dialog's form: what each choice's field holds, the scope it makes (or the
 * problem to show under the field), and the server's refusal placed under the field it is about.
 */

export type ScopeChoice = 'whole' | 'view' | 'ids' | 'unlabeled';
export type ScopeField = 'view' | 'ids' | 'count';

export interface ScopeFormValues {
  choice: ScopeChoice;
  /** The chosen tab's id; null until one is chosen (the first tab once the list is there). */
  view: number | null;
  ids: string;
  count: string;
}

export interface ScopeFormErrors {
  fields: Partial<Record<ScopeField, string>>;
  general: string | null;
}

const DEFAULT_UNLABELED = '50';

/** The form as the saved scope fills it; the other choices keep sensible starting values. */
export function scopeFormValues(scope: SyncScope | undefined): ScopeFormValues {
  const values: ScopeFormValues = { choice: 'whole', view: null, ids: '', count: DEFAULT_UNLABELED };
  if (!scope) return values;
  switch (scope.kind) {
    case 'view':
      return { ...values, choice: 'view', view: scope.view };
    case 'ids':
    case 'range':
      return { ...values, choice: 'ids', ids: formatTaskIds(scope) };
    case 'unlabeled':
      return { ...values, choice: 'unlabeled', count: String(scope.count) };
  }
}

/** The tab the select shows: the chosen one while the remote still has it, else the first. */
export function shownView(chosen: number | null, views: readonly RemoteView[]): RemoteView | undefined {
  return views.find((view) => view.id === chosen) ?? views[0];
}

/** What the dialog knows of the remote's tabs: the list, or that it is still asked for or could not be had. */
export type ViewsKnown = readonly RemoteView[] | 'loading' | 'failed';

const NO_VIEW: Record<'loading' | 'failed' | 'none', string> = {
  loading: 'Wait for the tabs to load, or choose another part.',
  failed: 'Retry listing the tabs, or choose another part.',
  none: 'The project has no tabs on the remote: add one in its Data Manager first.',
};

/** The scope to send, or the problem with the chosen choice's field. A tab is sent with the title it has now. */
export function scopeFromForm(
  values: ScopeFormValues,
  views: ViewsKnown,
): { scope: SyncScope } | { field: ScopeField; problem: string } {
  switch (values.choice) {
    case 'whole':
      return { scope: null };
    case 'view': {
      if (typeof views === 'string') return { field: 'view', problem: NO_VIEW[views] };
      const view = shownView(values.view, views);
      if (!view) return { field: 'view', problem: NO_VIEW.none };
      return { scope: { kind: 'view', view: view.id, title: view.title } };
    }
    case 'ids': {
      const parsed = parseTaskIds(values.ids);
      return 'scope' in parsed ? parsed : { field: 'ids', problem: parsed.problem };
    }
    case 'unlabeled': {
      const parsed = parseUnlabeledCount(values.count);
      return 'count' in parsed
        ? { scope: { kind: 'unlabeled', count: parsed.count } }
        : { field: 'count', problem: parsed.problem };
    }
  }
}

/** Which field a key of the refusal is about: `scope.count`, `scope.ids.3`, or `{scope: {count}}`. */
const FIELD_OF: Record<string, ScopeField> = {
  view: 'view',
  title: 'view',
  ids: 'ids',
  from: 'ids',
  to: 'ids',
  count: 'count',
};

/** Each message of a DRF error value, with the path of keys it sits under. */
function messagesOf(value: unknown, path: string[]): { path: string[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => messagesOf(item, path));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => messagesOf(item, [...path, ...key.split('.')]));
  }
  return [];
}

/** A failed save: validation messages under their fields, the rest (and any other failure) in the banner. */
export function scopeFormErrors(error: unknown): ScopeFormErrors {
  const body = (error as { body?: unknown } | null)?.body;
  if (!isErrorEnvelope(body) || !body.validation_errors) {
    return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  }
  const fields: ScopeFormErrors['fields'] = {};
  const general: string[] = [];
  for (const { path, text } of messagesOf(body.validation_errors, [])) {
    const [first, second] = path;
    const field = FIELD_OF[(first === 'scope' ? second : first) ?? ''];
    if (field) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
    else general.push(text);
  }
  return { fields, general: general.length > 0 ? general.join(' ') : null };
}
