import { describe, expect, it } from 'vitest';
import { ApiError } from '../../renderer/src/api/client';
import {
  scopeFormErrors,
  scopeFormValues,
  scopeFromForm,
  type ScopeFormValues,
} from '../../renderer/src/features/sync/scopeForm';

/* The "Choose part" dialog's form: filled from the saved part, read into the scope to send, and refused by field. */

const VIEWS = [
  { id: 3, title: 'Needs review', filters: 2 },
  { id: 8, title: 'Night shift', filters: 1 },
];

const form = (change: Partial<ScopeFormValues>): ScopeFormValues => ({
  ...scopeFormValues(null),
  ...change,
});

const envelope = (validation_errors: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000000',
  status_code: 400,
  version: '1.22.0',
  detail: 'Validation error',
  exc_info: null,
  validation_errors,
});

describe('the Choose part form', () => {
  it('opens on the saved part', () => {
    expect(scopeFormValues(null)).toEqual({ choice: 'whole', view: null, ids: '', count: '50' });
    expect(scopeFormValues({ kind: 'view', view: 8, title: 'Night shift' })).toMatchObject({ choice: 'view', view: 8 });
    expect(scopeFormValues({ kind: 'range', from: 100, to: 200 })).toMatchObject({ choice: 'ids', ids: '100-200' });
    expect(scopeFormValues({ kind: 'ids', ids: [1, 2, 3, 9] })).toMatchObject({ choice: 'ids', ids: '1-3, 9' });
    expect(scopeFormValues({ kind: 'unlabeled', count: 20 })).toMatchObject({ choice: 'unlabeled', count: '20' });
  });

  it('makes the scope of each choice', () => {
    expect(scopeFromForm(form({ choice: 'whole', ids: 'junk' }), 'loading')).toEqual({ scope: null });
    expect(scopeFromForm(form({ choice: 'view', view: 8 }), VIEWS)).toEqual({
      scope: { kind: 'view', view: 8, title: 'Night shift' },
    });
    expect(scopeFromForm(form({ choice: 'ids', ids: '100-200' }), 'loading')).toEqual({
      scope: { kind: 'range', from: 100, to: 200 },
    });
    expect(scopeFromForm(form({ choice: 'ids', ids: '4, 2' }), 'loading')).toEqual({
      scope: { kind: 'ids', ids: [2, 4] },
    });
    expect(scopeFromForm(form({ choice: 'unlabeled', count: '75' }), 'loading')).toEqual({
      scope: { kind: 'unlabeled', count: 75 },
    });
  });

  it('sends the tab the select shows: the first when none was chosen or the chosen one is gone', () => {
    const first = { scope: { kind: 'view', view: 3, title: 'Needs review' } };
    expect(scopeFromForm(form({ choice: 'view', view: null }), VIEWS)).toEqual(first);
    expect(scopeFromForm(form({ choice: 'view', view: 99 }), VIEWS)).toEqual(first);
  });

  it('puts a problem under the chosen field', () => {
    expect(scopeFromForm(form({ choice: 'view' }), [])).toEqual({
      field: 'view',
      problem: 'The project has no tabs on the remote: add one in its Data Manager first.',
    });
    expect(scopeFromForm(form({ choice: 'view' }), 'loading')).toEqual({
      field: 'view',
      problem: 'Wait for the tabs to load, or choose another part.',
    });
    expect(scopeFromForm(form({ choice: 'view' }), 'failed')).toEqual({
      field: 'view',
      problem: 'Retry listing the tabs, or choose another part.',
    });
    expect(scopeFromForm(form({ choice: 'ids', ids: '5-1' }), 'loading')).toEqual({
      field: 'ids',
      problem: '“5-1” ends before it starts: write 1-5.',
    });
    expect(scopeFromForm(form({ choice: 'unlabeled', count: '0' }), 'loading')).toEqual({
      field: 'count',
      problem: 'Enter a whole number of tasks from 1 to 100,000.',
    });
  });
});

describe('where a refused part says why', () => {
  it('puts each field’s messages under it, in dotted or nested form', () => {
    const dotted = envelope({
      'scope.count': ['Ensure this value is less than or equal to 100000.'],
      'scope.ids.3': ['Expected number, received string'],
      'scope.view': ['A view with that id does not exist on the remote.'],
    });
    expect(scopeFormErrors(new ApiError(400, 'Validation error', dotted))).toEqual({
      fields: {
        count: 'Ensure this value is less than or equal to 100000.',
        ids: 'Expected number, received string',
        view: 'A view with that id does not exist on the remote.',
      },
      general: null,
    });
    const nested = envelope({ scope: { from: ['Must be at most to.'], to: ['Must be at least from.'] } });
    expect(scopeFormErrors(new ApiError(400, 'Validation error', nested))).toEqual({
      fields: { ids: 'Must be at most to. Must be at least from.' },
      general: null,
    });
  });

  it('puts what belongs to no field, and any other failure, in the banner', () => {
    const kind = envelope({ 'scope.kind': ['Invalid input'], non_field_errors: ['Body must be JSON.'] });
    expect(scopeFormErrors(new ApiError(400, 'Validation error', kind))).toEqual({
      fields: {},
      general: 'Invalid input Body must be JSON.',
    });
    const missing = { ...envelope({}), status_code: 404, detail: 'Not found.' };
    delete (missing as { validation_errors?: unknown }).validation_errors;
    expect(scopeFormErrors(new ApiError(404, 'Not found.', missing))).toEqual({ fields: {}, general: 'Not found.' });
    expect(scopeFormErrors(new ApiError(0, 'The local server could not be reached.'))).toEqual({
      fields: {},
      general: 'The local server could not be reached.',
    });
  });
});
