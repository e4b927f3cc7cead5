import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useApi } from '../../api/apiContext';
import { listRemoteViews, type SyncScope } from '../../api/syncScope';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import type { RemoteProject } from '../../api/remotes';
import { Dialog } from '../../components/Dialog';
import { FieldMessage } from '../settings/FieldMessage';
import {
  scopeFormValues,
  scopeFromForm,
  type ScopeChoice,
  type ScopeField,
  type ScopeFormErrors,
  type ScopeFormValues,
} from './scopeForm';
import { ScopeViewField, type ViewsLoad } from './ScopeViewField';
import { FormDialogActions } from '../../components/FormDialogActions';
import { FormError } from '../../components/FormError';

interface ScopeDialogProps {
  remoteId: number;
  remoteName: string;
  /** The remote project whose part is being chosen; null when the dialog is closed. */
  project: RemoteProject | null;
  busy: boolean;
  /** The server's refusal of the last save, shown under the field it is about. */
  error: ScopeFormErrors | null;
  onSubmit: (scope: SyncScope) => void;
  onClose: () => void;
}

const CHOICES: { choice: ScopeChoice; label: string }[] = [
  { choice: 'whole', label: 'Whole project' },
  { choice: 'view', label: 'A tab of the project, with its filters' },
  { choice: 'ids', label: 'Task ids' },
  { choice: 'unlabeled', label: 'The next unlabeled tasks' },
];

/** "Choose part…": which tasks of a remote project its mirror pulls. */
export function ScopeDialog({ remoteId, remoteName, project, busy, error, onSubmit, onClose }: ScopeDialogProps) {
  const client = useApi();
  const name = useId();
  const ids = { view: useId(), ids: useId(), count: useId() };
  const [values, setValues] = useState<ScopeFormValues>(() => scopeFormValues(project?.scope));
  // The problem found in the page when Save was pressed; a server refusal comes in `error`.
  const [problem, setProblem] = useState<{ field: ScopeField; text: string } | null>(null);
  // A field edited since the server refused it no longer shows that refusal.
  const [edited, setEdited] = useState<ReadonlySet<ScopeField>>(new Set());
  const choices = useRef<Partial<Record<ScopeChoice, HTMLInputElement | null>>>({});
  const fields = useRef<Partial<Record<ScopeField, HTMLInputElement | HTMLSelectElement | null>>>({});

  // Each opening starts from the project's saved part.
  const [opened, setOpened] = useState(project);
  if (opened !== project) {
    setOpened(project);
    if (project) {
      setValues(scopeFormValues(project.scope));
      setProblem(null);
    }
  }
  const [refusal, setRefusal] = useState(error);
  if (refusal !== error) {
    setRefusal(error);
    setEdited(new Set());
  }

  // Enabled only for an open dialog, so the id below is never asked for while it is 0.
  const projectId = project?.id ?? 0;
  const viewsQuery = useQuery({
    queryKey: queryKeys.remoteViews(remoteId, projectId),
    queryFn: ({ signal }) => listRemoteViews(client, remoteId, projectId, signal),
    enabled: project !== null && values.choice === 'view',
  });
  const views: ViewsLoad = viewsQuery.isPending
    ? { status: 'loading' }
    : viewsQuery.isError
      ? { status: 'error', message: errorMessage(viewsQuery.error), retry: () => void viewsQuery.refetch() }
      : { status: 'ready', views: viewsQuery.data };

  useEffect(() => {
    // The saved choice takes the focus, as in any radio group entered by Tab.
    if (opened) choices.current[scopeFormValues(opened.scope).choice]?.focus();
  }, [opened]);
  useEffect(() => {
    // Focus lands on the field the refusal is about, so a screen reader reads it with its message.
    const first = (['view', 'ids', 'count'] as const).find((field) => error?.fields[field]);
    if (first) fields.current[first]?.focus();
  }, [error]);

  const shown = (field: ScopeField): string | undefined =>
    (problem?.field === field ? problem.text : undefined) ?? (edited.has(field) ? undefined : error?.fields[field]);
  const set = (change: Partial<ScopeFormValues>, field?: ScopeField) => {
    setValues((current) => ({ ...current, ...change }));
    setProblem(null);
    if (field) setEdited((current) => new Set([...current, field]));
  };

  const submit = () => {
    if (busy) return;
    const made = scopeFromForm(
      values,
      views.status === 'ready' ? views.views : views.status === 'error' ? 'failed' : 'loading',
    );
    if ('field' in made) {
      setProblem({ field: made.field, text: made.problem });
      fields.current[made.field]?.focus();
      return;
    }
    onSubmit(made.scope);
  };

  const textField = (
    field: 'ids' | 'count',
    label: string,
    hint: string,
    input: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <div className="field scope-form__detail">
      <label className="field__label" htmlFor={ids[field]}>
        {label}
      </label>
      <input
        {...input}
        id={ids[field]}
        ref={(element) => {
          fields.current[field] = element;
        }}
        className="input"
        value={values[field]}
        aria-invalid={shown(field) !== undefined}
        aria-describedby={`${ids[field]}-message`}
        onChange={(event) => set(field === 'ids' ? { ids: event.target.value } : { count: event.target.value }, field)}
      />
      <FieldMessage id={`${ids[field]}-message`} error={shown(field)} hint={hint} />
    </div>
  );
  const details: Record<ScopeChoice, ReactNode> = {
    whole: null,
    view: (
      <ScopeViewField
        id={ids.view}
        remoteName={remoteName}
        views={views}
        value={values.view}
        error={shown('view')}
        selectRef={(element) => {
          fields.current.view = element;
        }}
        onChange={(view) => set({ view }, 'view')}
      />
    ),
    ids: textField('ids', 'Ids and ranges', 'Task ids on the remote, e.g. 1-100, 250, 300-320.', {
      autoComplete: 'off',
      spellCheck: false,
    }),
    unlabeled: textField('count', 'How many to keep here', 'Each sync tops them up as tasks here get labeled.', {
      type: 'number',
      min: 1,
      step: 1,
      inputMode: 'numeric',
    }),
  };

  return (
    <Dialog
      title={project ? `Choose the part of ${project.title} to pull` : ''}
      open={project !== null}
      onClose={onClose}
      onSubmit={submit}
      actions={<FormDialogActions onCancel={onClose} busy={busy} label="Save part" busyLabel="Saving…" />}
    >
      <div className="scope-form">
        <fieldset className="scope-form__choices">
          <legend className="field__label">Which tasks a sync pulls from {remoteName}</legend>
          {CHOICES.map(({ choice, label }) => (
            <div key={choice} className="scope-form__choice">
              <label>
                <input
                  type="radio"
                  name={name}
                  ref={(element) => {
                    choices.current[choice] = element;
                  }}
                  checked={values.choice === choice}
                  onChange={() => set({ choice })}
                />{' '}
                {label}
              </label>
              {values.choice === choice && details[choice]}
            </div>
          ))}
        </fieldset>
        <p className="muted">
          The next sync pulls by it. Tasks already here stay, even outside the new part, with their labels.
        </p>
        {error?.general && <FormError>{error.general}</FormError>}
      </div>
    </Dialog>
  );
}
