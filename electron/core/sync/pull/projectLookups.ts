import { RemoteError } from '../remoteError.js';
import { withRetry } from '../retry.js';
import type { SyncContext } from '../syncTypes.js';
import type { ParsedAuthor, RemotePrediction } from './remoteTask.js';

/*
 * What the export of a task leaves out, read once for a whole full pull instead of task by task:
 * - the predictions themselves (the export names them by id): Label Studio lists a project's
 *   predictions in one answer (`/api/predictions/?project=`, not paginated);
 * - who the annotators are (the export gives an author's id): the organization's members
 *   (`/api/users/`), which Label Studio Enterprise may refuse to an annotator.
 * Each is read when a page first needs it. Read at one moment, it can miss what was added later:
 * a prediction or author it does not know sends its task to the full read, as before.
 * A remote that refuses either gives null, and its tasks go to the full read.
 */

export interface ProjectLookups {
  /** Remote prediction id -> the prediction (with its `task`), or null if the remote will not list them. */
  predictions(): Promise<ReadonlyMap<number, RemotePrediction> | null>;
  /** Remote user id -> who they are, or null if the remote will not list them. */
  users(): Promise<ReadonlyMap<number, ParsedAuthor> | null>;
}

interface ListedUser {
  id?: unknown;
  email?: unknown;
  first_name?: unknown;
  last_name?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The answer, or null when the remote refused or does not have the endpoint (any 4xx). */
async function listOrNull<T>(
  ctx: SyncContext,
  path: string,
  query: Record<string, string | number>,
): Promise<T[] | null> {
  try {
    const answer = await withRetry(
      () => ctx.client.request<T[] | { results?: T[] }>('GET', path, { query, signal: ctx.signal }),
      { signal: ctx.signal },
    );
    // Label Studio answers a plain list; a paginated envelope is read too.
    const items = Array.isArray(answer) ? answer : answer?.results;
    return Array.isArray(items) ? items : null;
  } catch (error) {
    if (error instanceof RemoteError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read();
    return pending;
  };
}

export function createProjectLookups(ctx: SyncContext, remoteProjectId: number): ProjectLookups {
  return {
    predictions: once(async () => {
      const listed = await listOrNull<RemotePrediction & { task?: unknown }>(ctx, '/api/predictions/', {
        project: remoteProjectId,
      });
      if (listed === null) return null;
      return new Map(listed.filter((prediction) => typeof prediction?.id === 'number').map((p) => [p.id, p]));
    }),
    users: once(async () => {
      const listed = await listOrNull<ListedUser>(ctx, '/api/users/', {});
      if (listed === null) return null;
      const users = new Map<number, ParsedAuthor>();
      for (const user of listed) {
        if (typeof user?.id !== 'number') continue;
        users.set(user.id, {
          id: user.id,
          email: text(user.email),
          first_name: text(user.first_name),
          last_name: text(user.last_name),
        });
      }
      return users;
    }),
  };
}
