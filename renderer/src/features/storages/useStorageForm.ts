import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { allowLocalFolder } from '../../api/localFolders';
import { queryKeys } from '../../api/queryKeys';
import {
  createStorage,
  getStorageForm,
  refOf,
  updateStorage,
  validateStorage,
  type Storage,
  type StorageDirection,
  type StorageType,
} from '../../api/storages';
import {
  formProblems,
  formRequestFields,
  initialFormValues,
  layoutFields,
  layoutRows,
  type FormValues,
} from './storageForm';

type LayoutLoad =
  | { status: 'loading' }
  | { status: 'ready'; rows: ReturnType<typeof layoutRows> }
  | { status: 'error'; message: string };

/** The answer of "Check connection" (or of the last save) shown under the form. */
export type FormOutcome =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'ok' } | { kind: 'refused'; message: string; by: 'check' | 'save' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One storage form: its layout for the chosen type, its values, checking the connection and
 * saving. A new type starts from that type's defaults; an existing storage from its own values.
 */
export function useStorageForm(
  projectId: number,
  direction: StorageDirection,
  type: StorageType,
  storage: Storage | null,
  isOpen: boolean,
) {
  const client = useApi();
  const form = useQuery({
    queryKey: queryKeys.storageForm(direction, type),
    queryFn: ({ signal }) => getStorageForm(client, direction, type, signal),
    enabled: isOpen,
    // A type's form is the server's: it does not change while the app runs.
    staleTime: Infinity,
  });
  // What the user typed, over the values the form starts from.
  const [edits, setEdits] = useState<FormValues>({});
  // Problems show once the user tried: checking needs no name, saving needs everything.
  const [touched, setTouched] = useState<'check' | 'save' | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>({ kind: 'idle' });
  const [isSaving, setSaving] = useState(false);

  // Each opening, another type or another storage starts afresh.
  const [shown, setShown] = useState({ isOpen, direction, type, storage });
  if (shown.isOpen !== isOpen || shown.direction !== direction || shown.type !== type || shown.storage !== storage) {
    setShown({ isOpen, direction, type, storage });
    if (isOpen) {
      setEdits({});
      setOutcome({ kind: 'idle' });
      setTouched(null);
    }
  }

  const rows = form.data;
  const layout = useMemo((): LayoutLoad => {
    if (rows) return { status: 'ready', rows: layoutRows(rows) };
    return form.isError ? { status: 'error', message: messageOf(form.error) } : { status: 'loading' };
  }, [rows, form.isError, form.error]);
  const initial = useMemo(() => (rows ? initialFormValues(layoutFields(rows), storage) : {}), [rows, storage]);
  const values = useMemo(() => ({ ...initial, ...edits }), [initial, edits]);

  const fields = useMemo(
    () => (layout.status === 'ready' ? layout.rows.flatMap((row) => row.fields.filter((field) => field !== null)) : []),
    [layout],
  );
  const problems = formProblems(fields, values);
  const checkProblems = formProblems(fields, values, ['title']);

  const change = (name: string, value: string | boolean) => {
    setEdits((current) => ({ ...current, [name]: value }));
    // An answer about other settings would mislead.
    setOutcome((current) => (current.kind === 'checking' ? current : { kind: 'idle' }));
  };

  const body = () => ({ ...formRequestFields(fields, values), project: projectId });
  /** A local folder named in this form is one the user chose: the server must know before it is used. */
  const allowFolder = async () => {
    const path = (body() as Record<string, unknown>).path;
    if (type === 'localfiles' && typeof path === 'string' && path.trim() !== '') await allowLocalFolder(client, path);
  };

  const check = async () => {
    setTouched((current) => current ?? 'check');
    if (Object.keys(checkProblems).length > 0) return;
    setOutcome({ kind: 'checking' });
    try {
      await allowFolder();
      await validateStorage(client, direction, type, storage ? { ...body(), id: storage.id } : body());
      setOutcome({ kind: 'ok' });
    } catch (error) {
      setOutcome({ kind: 'refused', message: messageOf(error), by: 'check' });
    }
  };

  /** Resolves with the saved storage, or null when it was refused (the reason is under the form). */
  const save = async (): Promise<Storage | null> => {
    setTouched('save');
    if (Object.keys(problems).length > 0 || isSaving) return null;
    setSaving(true);
    try {
      await allowFolder();
      return storage
        ? await updateStorage(client, refOf(storage, direction), body())
        : await createStorage(client, direction, type, body());
    } catch (error) {
      setOutcome({ kind: 'refused', message: messageOf(error), by: 'save' });
      return null;
    } finally {
      setSaving(false);
    }
  };

  return {
    layout,
    values,
    problems: touched === 'save' ? problems : touched === 'check' ? checkProblems : {},
    outcome,
    isSaving,
    change,
    check: () => void check(),
    save,
  };
}
