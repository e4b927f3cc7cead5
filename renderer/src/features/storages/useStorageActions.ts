import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { deleteStorage, refOf, type Storage, type StorageDirection } from '../../api/storages';
import { storageName } from './storageText';
import { useToasts } from '../../components/toastContext';

/** The form being shown: a new storage of a direction, or an existing one. */
export interface StorageFormTarget {
  direction: StorageDirection;
  storage: Storage | null;
}

export interface StorageRemoval {
  direction: StorageDirection;
  storage: Storage;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Adding, editing and removing storages. Each takes effect at once (storages are not project
 * fields, so not part of Save settings); `put` and `drop` show the change in the list.
 */
export function useStorageActions(
  put: (direction: StorageDirection, storage: Storage) => void,
  drop: (direction: StorageDirection, storage: Storage) => void,
) {
  const client = useApi();
  const toasts = useToasts();
  const [form, setForm] = useState<StorageFormTarget | null>(null);
  const [removing, setRemoving] = useState<StorageRemoval | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  const saved = (storage: Storage) => {
    if (!form) return;
    put(form.direction, storage);
    const what = form.direction === 'import' ? 'source' : 'target';
    toasts.success(
      form.storage
        ? `Saved ${storageName(storage)}.`
        : form.direction === 'import'
          ? `Added the ${what} storage ${storageName(storage)}. Sync it to import its files.`
          : `Added the ${what} storage ${storageName(storage)}: annotations are written to it as they are saved.`,
    );
    setForm(null);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setIsRemoving(true);
    try {
      await deleteStorage(client, refOf(removing.storage, removing.direction));
      drop(removing.direction, removing.storage);
      toasts.success(`Removed ${storageName(removing.storage)}.`);
      setRemoving(null);
    } catch (error) {
      toasts.error(`${storageName(removing.storage)} could not be removed: ${messageOf(error)}`);
    } finally {
      setIsRemoving(false);
    }
  };

  return {
    form,
    openForm: (direction: StorageDirection, storage: Storage | null) => setForm({ direction, storage }),
    closeForm: () => setForm(null),
    saved,
    removing,
    isRemoving,
    askRemove: (direction: StorageDirection, storage: Storage) => setRemoving({ direction, storage }),
    cancelRemove: () => setRemoving(null),
    confirmRemove: () => void confirmRemove(),
  };
}
