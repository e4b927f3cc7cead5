import type { RemoteClient, RemoteRequest } from '../remoteClient.js';

/*
 * Everything the push may write on a remote, and nothing else. A remote project belongs to its
 * team: Outpost adds annotators' work (annotations, tasks created here with their files) and,
 * on request, predictions, but never changes the project itself: not its settings (its ML
 * fields model_version, show_collab_predictions, evaluate_predictions_automatically,
 * min_annotations_to_start_training included), not its ML backends (/api/ml), not its other
 * predictions. A write outside this list is a bug, refused before it leaves this machine.
 */

const ALLOWED_WRITES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/tasks\/\d+\/annotations\/?$/ },
  { method: 'PATCH', path: /^\/api\/annotations\/\d+\/?$/ },
  { method: 'DELETE', path: /^\/api\/annotations\/\d+\/?$/ },
  // Tasks created here (return_task_ids) and their files (commit_to_project=false).
  { method: 'POST', path: /^\/api\/projects\/\d+\/import\/?$/ },
  // New predictions only: no PATCH or DELETE of an existing one.
  { method: 'POST', path: /^\/api\/predictions\/?$/ },
];

/**
 * A copy to another server (sync/copy/) creates its own new project there and fills it through
 * imports (tasks with their annotations and predictions, and files), and writes nothing else.
 * Creating a project is allowed to that flow alone.
 */
const COPY_WRITES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/projects\/?$/ },
  { method: 'POST', path: /^\/api\/projects\/\d+\/import\/?$/ },
];

export type WriteFlow = 'sync' | 'copy';

export function isAllowedRemoteWrite(method: string, path: string, flow: WriteFlow = 'sync'): boolean {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') return true;
  const allowed = flow === 'copy' ? COPY_WRITES : ALLOWED_WRITES;
  return allowed.some((write) => write.method === upper && write.path.test(path));
}

function check(method: string, path: string, flow: WriteFlow): void {
  if (!isAllowedRemoteWrite(method, path, flow)) {
    throw new Error(`Outpost never sends ${method.toUpperCase()} ${path} to a remote (not pushed).`);
  }
}

/** The client the push (or a copy) works with: the same, with every write checked against its list. */
export function guardRemoteWrites(client: RemoteClient, flow: WriteFlow = 'sync'): RemoteClient {
  return {
    url: client.url,
    tokenKind: client.tokenKind,
    request: async <T>(method: string, path: string, init?: RemoteRequest) => {
      check(method, path, flow);
      return client.request<T>(method, path, init);
    },
    requestRaw: async (method: string, path: string, init?: RemoteRequest) => {
      check(method, path, flow);
      return client.requestRaw(method, path, init);
    },
    version: () => client.version(),
    whoami: () => client.whoami(),
  };
}
