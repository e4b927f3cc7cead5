import { useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getTaskRemoteLink, type TaskRemoteLink } from '../../api/taskRemote';

/** A link to the task in the team server's own editor, when the project mirrors one; nothing otherwise. */
export function RemoteEditorLink({ taskId }: { taskId: number }) {
  const client = useApi();
  const [link, setLink] = useState<TaskRemoteLink | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLink(null);
    // Without the answer there is simply no link: the settings button still helps.
    getTaskRemoteLink(client, taskId, controller.signal).then(setLink, () => undefined);
    return () => controller.abort();
  }, [client, taskId]);

  if (!link?.url || !link.remote) return null;
  const server = link.remote.name || new URL(link.remote.url).host;
  return (
    <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
      Label this task on {server}
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}
