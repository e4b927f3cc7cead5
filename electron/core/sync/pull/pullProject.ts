import type { PullStats, SyncContext } from '../syncTypes.js';

export interface PulledProject {
  /** The local mirror project (created on the first pull). */
  projectId: number;
  stats: PullStats;
  conflicts: number;
}

/** Pulls one remote project into its local mirror. Placeholder: being written now. */
export function pullProject(_ctx: SyncContext, _remoteProjectId: number): Promise<PulledProject> {
  return Promise.reject(new Error('pullProject is not implemented yet'));
}
