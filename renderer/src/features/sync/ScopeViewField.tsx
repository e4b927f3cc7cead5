import type { Ref } from 'react';
import type { RemoteView } from '../../api/syncScope';
import { FieldMessage } from '../settings/FieldMessage';
import { shownView } from './scopeForm';
import { viewLabel } from './scopeText';

export type ViewsLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; views: readonly RemoteView[] };

interface ScopeViewFieldProps {
  id: string;
  remoteName: string;
  views: ViewsLoad;
  /** The chosen tab's id (the saved one when the dialog opened). */
  value: number | null;
  error: string | undefined;
  selectRef: Ref<HTMLSelectElement>;
  onChange: (view: number) => void;
}

/** The "a tab" choice's field: the remote project's tabs, asked of the remote when it is chosen. */
export function ScopeViewField({ id, remoteName, views, value, error, selectRef, onChange }: ScopeViewFieldProps) {
  const messageId = `${id}-message`;
  if (views.status !== 'ready') {
    return (
      <div className="field scope-form__detail">
        {views.status === 'loading' ? (
          <p role="status" className="muted">
            Asking {remoteName} for the project’s tabs…
          </p>
        ) : (
          <div className="notice notice--error" role="alert">
            <span>The tabs could not be listed: {views.message}</span>
            <button type="button" className="button button--small" onClick={views.retry}>
              Retry
            </button>
          </div>
        )}
        <FieldMessage id={messageId} error={error} />
      </div>
    );
  }
  const shown = shownView(value, views.views);
  if (!shown) {
    return (
      <div className="field scope-form__detail">
        <p className="muted">The project has no tabs on {remoteName}.</p>
        <FieldMessage id={messageId} error={error} />
      </div>
    );
  }
  // A tab deleted on the remote since it was chosen: the select falls back to the first, and says so.
  const isGone = value !== null && shown.id !== value;
  return (
    <div className="field scope-form__detail">
      <label className="field__label" htmlFor={id}>
        Tab
      </label>
      <select
        id={id}
        ref={selectRef}
        className="input"
        value={shown.id}
        aria-invalid={error !== undefined}
        aria-describedby={messageId}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {views.views.map((view) => (
          <option key={view.id} value={view.id}>
            {viewLabel(view)}
          </option>
        ))}
      </select>
      <FieldMessage
        id={messageId}
        error={error}
        hint={
          isGone
            ? 'The tab chosen before is no longer on the remote: choose another.'
            : 'Its filters are applied by the remote at each sync.'
        }
      />
    </div>
  );
}
