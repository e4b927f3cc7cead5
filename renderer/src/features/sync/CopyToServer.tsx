import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { copyToRemote, type Remote } from '../../api/remotes';
import { useToasts } from '../../components/toastContext';

interface CopyToServerProps {
  /** The local mirror's id and the project's title. */
  projectId: number;
  title: string;
  /** The other remotes, any of which can receive the copy. */
  targets: readonly Remote[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Copy to another server": a mirrored project sent as a new project to another remote. The copy
 * runs in the background as a run of that remote, so its card shows it like a sync.
 */
export function CopyToServer({ projectId, title, targets }: CopyToServerProps) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const id = useId();
  const [target, setTarget] = useState<number>(targets[0]?.id ?? 0);
  const [newTitle, setNewTitle] = useState(title);
  const [busy, setBusy] = useState(false);
  const chosen = targets.find((remote) => remote.id === target) ?? targets[0];
  if (!chosen) return null;

  const copy = async () => {
    setBusy(true);
    try {
      const started = await copyToRemote(client, projectId, chosen.id, newTitle.trim() || undefined);
      toasts.success(`Copying ${title} to ${chosen.name} as “${started.copy.title}” (run ${started.run.id}).`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.remoteRuns(chosen.id) });
    } catch (error) {
      toasts.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="sync-copy">
      <summary>
        Copy to another server<span className="visually-hidden">: {title}</span>
      </summary>
      <div className="sync-copy__form">
        <label htmlFor={`${id}-target`}>Server</label>
        <select id={`${id}-target`} value={chosen.id} onChange={(event) => setTarget(Number(event.target.value))}>
          {targets.map((remote) => (
            <option key={remote.id} value={remote.id}>
              {remote.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-title`}>New project’s title</label>
        <input id={`${id}-title`} value={newTitle} onChange={(event) => setNewTitle(event.target.value)} />
        <button type="button" className="button button--small" disabled={busy} onClick={() => void copy()}>
          {busy ? 'Starting…' : `Copy to ${chosen.name}`}
        </button>
      </div>
    </details>
  );
}
