import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { listStorageTypes, type Storage, type StorageType, type StorageTypeInfo } from '../../api/storages';
import { directionWord, storageName, TYPE_TITLES } from './storageText';
import { Dialog } from '../../components/Dialog';
import { StorageFormFields } from './StorageFormFields';
import type { StorageFormTarget } from './useStorageActions';
import { HEADLESS_FOLDER_HINT, useFolderAccess } from './useFolderAccess';
import { useStorageForm, type FormOutcome } from './useStorageForm';
import { FormError } from '../../components/FormError';

interface StorageFormDialogProps {
  projectId: number;
  /** What the form adds or edits; null: closed. */
  target: StorageFormTarget | null;
  onSaved: (storage: Storage) => void;
  onClose: () => void;
}

const FALLBACK_TYPES: StorageTypeInfo[] = (Object.keys(TYPE_TITLES) as StorageType[]).map((name) => ({
  name,
  title: TYPE_TITLES[name],
}));

/** Local folders are the storage that works offline, so a new storage starts as one. */
const DEFAULT_TYPE: StorageType = 'localfiles';

function Outcome({ outcome }: { outcome: FormOutcome }) {
  if (outcome.kind === 'checking') return <p className="muted">Checking the connection…</p>;
  if (outcome.kind === 'ok') {
    return (
      <p className="storage-form__ok" data-testid="storage-form-ok">
        Connection OK: Outpost can reach this storage with these settings.
      </p>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <p className="form-error storage-form__refusal" data-testid="storage-form-error">
        {outcome.by === 'check' ? 'The connection failed: ' : 'Not saved: '}
        {outcome.message}
      </p>
    );
  }
  return null;
}

/**
 * "Add source storage", "Add target storage" and "Edit": the type, then the type's own form as
 * Label Studio lays it out. The server reaches the storage before it saves it; its refusal
 * shows under the form, as does the answer of "Check connection".
 */
export function StorageFormDialog({ projectId, target, onSaved, onClose }: StorageFormDialogProps) {
  const client = useApi();
  const typeId = useId();
  const [chosenType, setType] = useState<StorageType>(DEFAULT_TYPE);
  const direction = target?.direction ?? 'import';
  const editing = target?.storage ?? null;
  const type = editing?.type ?? chosenType;
  const isOpen = target !== null;
  const form = useStorageForm(projectId, direction, type, editing, isOpen);
  const folders = useFolderAccess(isOpen && type === 'localfiles');
  // Without the server's list the types Outpost knows are offered.
  const listed = useQuery({
    queryKey: queryKeys.storageTypes(direction),
    queryFn: ({ signal }) => listStorageTypes(client, direction, signal),
    enabled: isOpen,
    staleTime: Infinity,
  }).data;
  const types = listed && listed.length > 0 ? listed : FALLBACK_TYPES;

  // Each opening starts from the default type.
  const [shownTarget, setShownTarget] = useState(target);
  if (shownTarget !== target) {
    setShownTarget(target);
    if (target) setType(DEFAULT_TYPE);
  }

  const pickFolder = async () => {
    const path = await folders.pick('Choose the folder of this storage');
    if (path) form.change('path', path);
  };
  const submit = async () => {
    const saved = await form.save();
    if (saved) onSaved(saved);
  };
  const word = directionWord(direction);
  const isReady = form.layout.status === 'ready';

  return (
    <Dialog
      title={editing ? `Edit ${storageName(editing)}` : `Add ${word} storage`}
      open={isOpen}
      onClose={onClose}
      onSubmit={() => void submit()}
      className="storage-dialog"
      actions={
        <>
          <button
            type="button"
            className="button storage-form__check"
            disabled={!isReady || form.outcome.kind === 'checking'}
            onClick={form.check}
          >
            {form.outcome.kind === 'checking' ? 'Checking…' : 'Check connection'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={form.isSaving || !isReady}>
            {form.isSaving ? 'Saving…' : editing ? 'Save changes' : `Add ${word} storage`}
          </button>
        </>
      }
    >
      <p className="muted">
        {direction === 'import'
          ? 'A source storage holds the data to label: each sync imports the files it has not imported yet.'
          : 'A target storage receives the annotations: each one is written to it as it is saved.'}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={typeId}>
          Storage type
        </label>
        <select
          id={typeId}
          className="input storage-form__type"
          value={type}
          disabled={editing !== null}
          onChange={(event) => setType(event.target.value as StorageType)}
        >
          {types.map((item) => (
            <option key={item.name} value={item.name}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      {form.layout.status === 'loading' && <p role="status">Loading the form…</p>}
      {form.layout.status === 'error' && (
        <FormError>The form of this storage type could not be loaded: {form.layout.message}</FormError>
      )}
      {form.layout.status === 'ready' && (
        <StorageFormFields
          key={`${direction}/${type}`}
          rows={form.layout.rows}
          values={form.values}
          problems={form.problems}
          isEditing={editing !== null}
          onChange={form.change}
          folderField={
            type === 'localfiles'
              ? {
                  name: 'path',
                  hint: folders.isHeadless ? HEADLESS_FOLDER_HINT : undefined,
                  onPick: folders.canPick ? () => void pickFolder() : undefined,
                }
              : undefined
          }
        />
      )}
      {/* Announced as it changes: the answer of a check or a save, right under the form. */}
      <div className="storage-form__outcome" role="status" aria-live="polite">
        <Outcome outcome={form.outcome} />
      </div>
    </Dialog>
  );
}
