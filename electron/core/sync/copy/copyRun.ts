import type { Db } from '../../db/open.js';
import type { ServerCopyRow } from '../../db/repos/serverCopiesRepo.js';
import type { RemoteClient } from '../remoteClient.js';
import type { SyncProgress } from '../syncTypes.js';

/** What every step of a server-to-server copy shares. */
export interface CopyRun {
  db: Db;
  dataDir: string;
  /** The copy's journal row as it was when the run began (ids learned later are in the table). */
  copy: ServerCopyRow;
  /** The remote the local project mirrors: its media cache holds the files to upload. */
  sourceRemote: number;
  /** The target's client, guarded: only this flow's writes may leave. */
  client: RemoteClient;
  progress: SyncProgress;
  signal?: AbortSignal | undefined;
  /** Runs one remote call with the run's retries (network, 5xx, 429). */
  retry<T>(operation: () => Promise<T>): Promise<T>;
}

/** The key in each copied task's meta naming its copy and source task, so a lost import is found. */
export const COPY_MARKER_KEY = 'outpost_copy';

export function taskMarker(copy: ServerCopyRow, task: number): string {
  return `${copy.marker}:${task}`;
}

/** The line that ends the target project's description, so a lost create is found. */
export function projectMarkerLine(copy: ServerCopyRow): string {
  return `outpost-copy:${copy.marker}`;
}
