import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { addRemote, changeRemote, removeRemote, type Remote, type RemoteChanges } from '../../api/remotes';
import { remoteFormErrors, type RemoteFormErrors } from './remoteFormErrors';
import { useToasts } from '../../components/toastContext';
import { useSyncChanged } from './useSyncChanged';

type Editing = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; remote: Remote };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The add/edit dialog and the remove confirmation of the sync page: which is open, the request in
 * flight, and the server's refusal to show inline, under the field it is about.
 */
export function useRemoteEditing() {
  const client = useApi();
  const syncChanged = useSyncChanged();
  const toasts = useToasts();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [removing, setRemoving] = useState<Remote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<RemoteFormErrors | null>(null);

  const open = (next: Editing) => {
    setError(null);
    setEditing(next);
  };

  const save = async (values: RemoteChanges & { url: string }) => {
    setBusy(true);
    setError(null);
    try {
      if (editing.kind === 'edit') {
        const changes: RemoteChanges = { ...values };
        if (values.url === editing.remote.url) delete changes.url;
        const saved = await changeRemote(client, editing.remote.id, changes);
        toasts.success(`Saved ${saved.name}.`);
      } else {
        const added = await addRemote(client, { ...values, token: values.token ?? '' });
        toasts.success(`Added ${added.name}: signed in as ${added.remote_user_email ?? 'its user'}.`);
      }
      setEditing({ kind: 'closed' });
      syncChanged();
    } catch (caught) {
      setError(remoteFormErrors(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeRemote(client, removing.id);
      toasts.success(`Removed ${removing.name}. Its mirrored projects stay here as local projects.`);
      setRemoving(null);
      syncChanged();
    } catch (caught) {
      toasts.error(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    editing,
    removing,
    busy,
    error,
    startAdd: () => open({ kind: 'add' }),
    startEdit: (remote: Remote) => open({ kind: 'edit', remote }),
    close: () => setEditing({ kind: 'closed' }),
    save,
    startRemove: setRemoving,
    cancelRemove: () => setRemoving(null),
    confirmRemove,
  };
}
