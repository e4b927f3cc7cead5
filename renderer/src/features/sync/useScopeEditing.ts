import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/apiContext';
import { setSyncScope, type SyncScope } from '../../api/syncScope';
import { queryKeys } from '../../api/queryKeys';
import type { RemoteProject } from '../../api/remotes';
import { useToasts } from '../../components/toastContext';
import { scopeFormErrors, type ScopeFormErrors } from './scopeForm';
import { scopeSummary } from './scopeText';

/**
 * The "Choose part" dialog of one remote's projects: which project it is open for, the save in
 * flight, and the server's refusal to show under its field. A saved part goes straight into the
 * cached project list, so the row says it without asking the remote for its projects again.
 */
export function useScopeEditing(remoteId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [editing, setEditing] = useState<RemoteProject | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ScopeFormErrors | null>(null);

  const save = async (scope: SyncScope) => {
    if (!editing) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await setSyncScope(client, remoteId, editing.id, scope);
      queryClient.setQueryData<RemoteProject[]>(queryKeys.remoteProjects(remoteId), (current) =>
        current?.map((project) => (project.id === editing.id ? { ...project, scope: saved } : project)),
      );
      toasts.success(`${editing.title}: ${scopeSummary(saved)}, from the next sync.`);
      setEditing(null);
    } catch (caught) {
      setError(scopeFormErrors(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    editing,
    busy,
    error,
    start: (project: RemoteProject) => {
      setError(null);
      setEditing(project);
    },
    close: () => setEditing(null),
    save,
  };
}
