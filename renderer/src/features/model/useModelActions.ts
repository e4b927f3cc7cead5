import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import {
  createBackend,
  deleteBackend,
  listVersions,
  LOCAL_MODEL_URL,
  testPrediction,
  trainBackend,
  updateBackend,
  type BackendVersions,
  type MlBackend,
  type PredictTestAnswer,
} from '../../api/mlBackends';
import { plainText } from './mlText';
import { useToasts } from '../../components/toastContext';
import { backendName, type BackendAction } from './BackendCard';
import { changedFields, createFields, type BackendFormValues } from './backendForm';
import type { Asked } from './TestPredictionDialog';

/** The title the built-in model is connected under, and so offered under in the version choice. */
export const LOCAL_MODEL_TITLE = 'Built-in model';

const messageOf = (error: unknown) => plainText(error instanceof Error ? error.message : String(error));

interface Asking<T> {
  backend: MlBackend;
  answer: Asked<T>;
}

/**
 * What the Model section does with the server: connect, edit, test, list versions, train and
 * remove backends. Each takes effect at once (these are not project fields, so not part of Save).
 * `onChanged` reloads the list; `put` shows a backend the server returned.
 */
export function useModelActions(projectId: number, onChanged: () => void, put: (backend: MlBackend) => void) {
  const client = useApi();
  const toasts = useToasts();
  const [form, setForm] = useState<{ backend: MlBackend | null } | null>(null);
  const [formBusy, setFormBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ id: number; action: BackendAction } | null>(null);
  const [connectingLocal, setConnectingLocal] = useState(false);
  const [test, setTest] = useState<Asking<PredictTestAnswer> | null>(null);
  const [versions, setVersions] = useState<Asking<BackendVersions> | null>(null);
  const [removing, setRemoving] = useState<MlBackend | null>(null);

  const openForm = (backend: MlBackend | null) => {
    setFormError(null);
    setForm({ backend });
  };

  const submitForm = async (values: BackendFormValues) => {
    if (!form) return;
    setFormBusy(true);
    setFormError(null);
    try {
      const saved = form.backend
        ? await updateBackend(client, form.backend.id, changedFields(values, form.backend))
        : await createBackend(client, projectId, createFields(values));
      put(saved);
      toasts.success(form.backend ? `Saved ${backendName(saved)}.` : `Connected ${backendName(saved)}.`);
      setForm(null);
      onChanged();
    } catch (error) {
      setFormError(messageOf(error));
    } finally {
      setFormBusy(false);
    }
  };

  const connectLocal = async () => {
    setConnectingLocal(true);
    try {
      const saved = await createBackend(client, projectId, { url: LOCAL_MODEL_URL, title: LOCAL_MODEL_TITLE });
      put(saved);
      toasts.success('The built-in model is connected: its card says what it does for this config.');
      onChanged();
    } catch (error) {
      toasts.error(`The built-in model could not be connected: ${messageOf(error)}`);
    } finally {
      setConnectingLocal(false);
    }
  };

  /** Runs `work` with the backend's button showing it, and the error as a notification. */
  const withBusy = async (backend: MlBackend, action: BackendAction, work: () => Promise<void>) => {
    setBusy({ id: backend.id, action });
    try {
      await work();
    } catch (error) {
      toasts.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const ask = <T>(backend: MlBackend, action: BackendAction, call: () => Promise<T>, show: (v: Asking<T>) => void) =>
    withBusy(backend, action, async () => {
      show({ backend, answer: { kind: 'loading' } });
      try {
        show({ backend, answer: { kind: 'ready', value: await call() } });
      } catch (error) {
        show({ backend, answer: { kind: 'error', message: messageOf(error) } });
      }
      // The call may have changed the backend's state (a failed prediction is an Error).
      onChanged();
    });

  const act = (action: BackendAction, backend: MlBackend) => {
    if (action === 'edit') openForm(backend);
    else if (action === 'delete') setRemoving(backend);
    else if (action === 'test') void ask(backend, action, () => testPrediction(client, backend.id), setTest);
    else if (action === 'versions') void ask(backend, action, () => listVersions(client, backend.id), setVersions);
    else if (action === 'train') {
      void withBusy(backend, action, async () => {
        await trainBackend(client, backend.id);
        toasts.success(`Asked ${backendName(backend)} to train on this project’s annotations.`);
        onChanged();
      });
    }
  };

  const confirmRemove = () => {
    const backend = removing;
    if (!backend) return;
    void withBusy(backend, 'delete', async () => {
      await deleteBackend(client, backend.id);
      toasts.success(`Removed ${backendName(backend)}. Its predictions stay with the tasks.`);
      onChanged();
    }).finally(() => setRemoving(null));
  };

  return {
    form,
    formBusy,
    formError,
    openForm,
    closeForm: () => setForm(null),
    submitForm,
    connectLocal,
    connectingLocal,
    busy,
    act,
    test,
    closeTest: () => setTest(null),
    versions,
    closeVersions: () => setVersions(null),
    removing,
    confirmRemove,
    cancelRemove: () => setRemoving(null),
  };
}
