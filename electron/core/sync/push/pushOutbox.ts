import type { PushStats, SyncContext } from '../syncTypes.js';

export interface PushedOutbox {
  stats: PushStats;
  conflicts: number;
}

/** Pushes the remote's pending outbox rows. Placeholder: being written now. */
export function pushOutbox(_ctx: SyncContext): Promise<PushedOutbox> {
  return Promise.reject(new Error('pushOutbox is not implemented yet'));
}
