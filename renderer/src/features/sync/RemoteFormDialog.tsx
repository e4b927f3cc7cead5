import { useEffect, useId, useRef, useState } from 'react';
import type { Remote, RemoteChanges } from '../../api/remotes';
import type { RemoteField, RemoteFormErrors } from './remoteFormErrors';
import { Dialog } from '../../components/Dialog';
import { FieldMessage } from '../settings/FieldMessage';
import { FormDialogActions } from '../../components/FormDialogActions';
import { FormError } from '../../components/FormError';

interface RemoteFormDialogProps {
  open: boolean;
  /** The remote being edited; null adds a new one. */
  remote: Remote | null;
  busy: boolean;
  /** The server's refusal of the last attempt, shown under the field it is about (the URL, the token). */
  error: RemoteFormErrors | null;
  onSubmit: (values: RemoteChanges & { url: string }) => void;
  onClose: () => void;
}

interface FormValues {
  url: string;
  token: string;
  name: string;
  interval: string;
}

function initialValues(remote: Remote | null): FormValues {
  return remote
    ? { url: remote.url, token: '', name: remote.name, interval: String(remote.sync_interval_minutes) }
    : { url: '', token: '', name: '', interval: '0' };
}

/** Whole minutes from 0 up, or a reason why not. */
function intervalProblem(text: string): string | undefined {
  return /^\d+$/.test(text.trim()) ? undefined : 'Enter whole minutes: 0 or more.';
}

/** "Add remote" and "Edit remote": the server connects with what is given before it saves. */
export function RemoteFormDialog({ open, remote, busy, error, onSubmit, onClose }: RemoteFormDialogProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(remote));
  const [touched, setTouched] = useState(false);
  // A field edited since the server refused it no longer shows that refusal.
  const [edited, setEdited] = useState<ReadonlySet<RemoteField>>(new Set());
  const ids = { url: useId(), token: useId(), name: useId(), interval: useId() };
  const inputs = useRef<Partial<Record<RemoteField, HTMLInputElement | null>>>({});

  // Each opening (or another remote) starts from the remote as saved, or from nothing.
  const [opened, setOpened] = useState({ open, remote });
  if (opened.open !== open || opened.remote !== remote) {
    setOpened({ open, remote });
    if (open) {
      setValues(initialValues(remote));
      setTouched(false);
    }
  }
  // A new refusal is about the fields as they are now.
  const [refusal, setRefusal] = useState(error);
  if (refusal !== error) {
    setRefusal(error);
    setEdited(new Set());
  }

  useEffect(() => {
    // Focus lands on the field the refusal is about, so a screen reader reads it with its message.
    const first = (['url', 'token', 'name', 'interval'] as const).find((field) => error?.fields[field]);
    if (first) inputs.current[first]?.focus();
  }, [error]);

  const adding = remote === null;
  const problems = {
    url: values.url.trim() ? undefined : 'Enter the remote’s address, e.g. https://label.example.com.',
    token: adding && !values.token.trim() ? 'Enter an access token or legacy token of your account there.' : undefined,
    interval: adding ? undefined : intervalProblem(values.interval),
  };
  const shown = (key: RemoteField) =>
    (touched ? (problems as Partial<Record<RemoteField, string>>)[key] : undefined) ??
    (edited.has(key) ? undefined : error?.fields[key]);
  const set = (change: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setEdited((current) => new Set([...current, ...(Object.keys(change) as RemoteField[])]));
  };

  const submit = () => {
    setTouched(true);
    if (busy || Object.values(problems).some(Boolean)) return;
    const out: RemoteChanges & { url: string } = { url: values.url.trim() };
    if (values.name.trim()) out.name = values.name.trim();
    if (values.token.trim()) out.token = values.token.trim();
    if (!adding) out.sync_interval_minutes = Number(values.interval.trim());
    onSubmit(out);
  };

  return (
    <Dialog
      title={adding ? 'Add remote' : `Edit ${remote.name}`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          label={adding ? 'Add remote' : 'Save changes'}
          busyLabel="Connecting…"
        />
      }
    >
      <div className="sync-form">
        <p className="muted sync-form__intro">
          A Label Studio server (or another Outpost) to pull projects from and push your labels to. Outpost connects
          with the token before saving it; the token is never shown again.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={ids.url}>
            Server URL
          </label>
          <input
            id={ids.url}
            ref={(element) => {
              inputs.current.url = element;
            }}
            className="input"
            type="url"
            value={values.url}
            autoFocus={adding}
            placeholder="https://label.example.com"
            aria-invalid={shown('url') !== undefined}
            aria-describedby={`${ids.url}-message`}
            onChange={(event) => set({ url: event.target.value })}
          />
          <FieldMessage id={`${ids.url}-message`} error={shown('url')} hint="The address you open Label Studio at." />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.token}>
            Token
          </label>
          <input
            id={ids.token}
            ref={(element) => {
              inputs.current.token = element;
            }}
            className="input"
            type="password"
            autoComplete="off"
            value={values.token}
            placeholder={adding ? '' : 'Leave empty to keep the current token'}
            aria-invalid={shown('token') !== undefined}
            aria-describedby={`${ids.token}-message`}
            onChange={(event) => set({ token: event.target.value })}
          />
          <FieldMessage
            id={`${ids.token}-message`}
            error={shown('token')}
            hint="In Label Studio: Account & Settings → Personal Access Token (or the legacy token)."
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.name}>
            Name
          </label>
          <input
            id={ids.name}
            ref={(element) => {
              inputs.current.name = element;
            }}
            className="input"
            value={values.name}
            maxLength={100}
            aria-invalid={shown('name') !== undefined}
            aria-describedby={`${ids.name}-message`}
            onChange={(event) => set({ name: event.target.value })}
          />
          <FieldMessage
            id={`${ids.name}-message`}
            error={shown('name')}
            hint={adding ? 'Optional; the server’s host name if empty.' : 'Empty keeps the current name.'}
          />
        </div>
        {!adding && (
          <div className="field">
            <label className="field__label" htmlFor={ids.interval}>
              Sync interval (minutes)
            </label>
            <input
              id={ids.interval}
              ref={(element) => {
                inputs.current.interval = element;
              }}
              className="input sync-form__interval"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values.interval}
              aria-invalid={shown('interval') !== undefined}
              aria-describedby={`${ids.interval}-message`}
              onChange={(event) => set({ interval: event.target.value })}
            />
            <FieldMessage
              id={`${ids.interval}-message`}
              error={shown('interval')}
              hint="0 means manual: sync only when you press Sync now."
            />
          </div>
        )}
        {error?.general && <FormError>{error.general}</FormError>}
      </div>
    </Dialog>
  );
}
