import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { getTaskRemoteLink } from '../../api/taskRemote';

/** A link to the task in the team server's own editor, when the project mirrors one; nothing otherwise. */
export function RemoteEditorLink({ taskId }: { taskId: number }) {
  const client = useApi();
  // Without the answer there is simply no link: the settings button still helps.
  const { data: link } = useQuery({
    queryKey: queryKeys.taskRemoteLink(taskId),
    queryFn: ({ signal }) => getTaskRemoteLink(client, taskId, signal),
  });

  if (!link?.url || !link.remote) return null;
  const server = link.remote.name || new URL(link.remote.url).host;
  return (
    <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
      Label this task on {server}
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}
