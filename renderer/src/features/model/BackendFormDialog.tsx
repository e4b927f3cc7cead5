import { useId, useState } from 'react';
import type { MlBackend } from '../../api/mlBackends';
import { plainText } from './mlText';
import { Dialog } from '../../components/Dialog';
import { FieldMessage } from '../settings/FieldMessage';
import {
  backendFormProblems,
  initialBackendValues,
  type BackendFormProblems,
  type BackendFormValues,
} from './backendForm';
import { FormDialogActions } from '../../components/FormDialogActions';
import { FormError } from '../../components/FormError';

interface BackendFormDialogProps {
  open: boolean;
  /** The backend being edited; null connects a new one. */
  backend: MlBackend | null;
  busy: boolean;
  /** The server's refusal of the last attempt (it could not reach the model, wrong password…). */
  error: string | null;
  onSubmit: (values: BackendFormValues) => void;
  onClose: () => void;
}

/** "Connect model" and "Edit model": the server reaches the model with these before it saves them. */
export function BackendFormDialog({ open, backend, busy, error, onSubmit, onClose }: BackendFormDialogProps) {
  const [values, setValues] = useState<BackendFormValues>(() => initialBackendValues(backend));
  const [touched, setTouched] = useState(false);
  const ids = { url: useId(), title: useId(), user: useId(), password: useId(), timeout: useId() };

  // Each opening (or another backend) starts from the backend as saved, or from nothing.
  const [opened, setOpened] = useState({ open, backend });
  if (opened.open !== open || opened.backend !== backend) {
    setOpened({ open, backend });
    if (open) {
      setValues(initialBackendValues(backend));
      setTouched(false);
    }
  }

  const adding = backend === null;
  const problems = backendFormProblems(values, backend);
  const shown = (key: keyof BackendFormProblems) => (touched ? problems[key] : undefined);
  const set = (change: Partial<BackendFormValues>) => setValues((current) => ({ ...current, ...change }));
  const submit = () => {
    setTouched(true);
    if (!busy && Object.keys(problems).length === 0) onSubmit(values);
  };
  const passwordSet = backend?.basic_auth_pass_is_set ?? false;

  return (
    <Dialog
      title={adding ? 'Connect a model server' : `Edit ${backend.title || backend.url}`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          label={adding ? 'Connect' : 'Save changes'}
          busyLabel="Connecting…"
        />
      }
    >
      <div className="model-form">
        <p className="muted">
          A server speaking Label Studio’s ML backend protocol. Outpost checks that it answers before saving it.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={ids.url}>
            Model server URL
          </label>
          <input
            id={ids.url}
            className="input"
            type="url"
            value={values.url}
            autoFocus={adding}
            placeholder="http://localhost:9090"
            aria-invalid={shown('url') !== undefined}
            aria-describedby={`${ids.url}-message`}
            onChange={(event) => set({ url: event.target.value })}
          />
          <FieldMessage id={`${ids.url}-message`} error={shown('url')} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.title}>
            Title
          </label>
          <input
            id={ids.title}
            className="input"
            value={values.title}
            aria-describedby={`${ids.title}-message`}
            onChange={(event) => set({ title: event.target.value })}
          />
          <FieldMessage
            id={`${ids.title}-message`}
            error={undefined}
            hint="The name the model goes by, also in the choice of predictions to show."
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.useBasicAuth}
            onChange={(event) => set({ useBasicAuth: event.target.checked })}
          />
          The server asks for a user name and password (Basic Auth)
        </label>
        {values.useBasicAuth && (
          <div className="model-form__pair">
            <div className="field">
              <label className="field__label" htmlFor={ids.user}>
                User name
              </label>
              <input
                id={ids.user}
                className="input"
                autoComplete="off"
                value={values.user}
                aria-invalid={shown('user') !== undefined}
                aria-describedby={`${ids.user}-message`}
                onChange={(event) => set({ user: event.target.value })}
              />
              <FieldMessage id={`${ids.user}-message`} error={shown('user')} />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.password}>
                Password
              </label>
              <input
                id={ids.password}
                className="input"
                type="password"
                autoComplete="new-password"
                value={values.password}
                placeholder={passwordSet ? 'set' : ''}
                aria-invalid={shown('password') !== undefined}
                aria-describedby={`${ids.password}-message`}
                onChange={(event) => set({ password: event.target.value })}
              />
              <FieldMessage
                id={`${ids.password}-message`}
                error={shown('password')}
                hint={passwordSet ? 'A password is set; leave empty to keep it.' : undefined}
              />
            </div>
          </div>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.isInteractive}
            onChange={(event) => set({ isInteractive: event.target.checked })}
          />
          Interactive: suggests regions while you label (Auto-Annotation in the editor)
        </label>
        <div className="field">
          <label className="field__label" htmlFor={ids.timeout}>
            Prediction timeout (seconds)
          </label>
          <input
            id={ids.timeout}
            className="input model-form__timeout"
            type="number"
            min={1}
            step="any"
            inputMode="decimal"
            value={values.timeout}
            aria-invalid={shown('timeout') !== undefined}
            aria-describedby={`${ids.timeout}-message`}
            onChange={(event) => set({ timeout: event.target.value })}
          />
          <FieldMessage id={`${ids.timeout}-message`} error={shown('timeout')} />
        </div>
        {error && <FormError testId="model-form-error">{plainText(error)}</FormError>}
      </div>
    </Dialog>
  );
}
