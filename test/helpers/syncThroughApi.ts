import { expect } from 'vitest';
import type { E2eServer } from './e2eServer.js';
import { waitUntil } from './eventually.js';

/**
 * Starts a sync of one remote project through the local API (what the Sync page does) and waits
 * until its run is no longer running; the run must have completed with no errors.
 */
export async function syncThroughApi(server: E2eServer, remoteId: number, remoteProject: number): Promise<void> {
  const run = await server.api<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
    projects: [remoteProject],
  });
  const finished = await waitUntil(async () => {
    const runs = await server.api<{ id: number; status: string; errors: unknown[] }[]>(
      'GET',
      `/api/outpost/remotes/${remoteId}/runs`,
    );
    const current = runs.find((item) => item.id === run.id)!;
    return current.status !== 'running' ? current : null;
  }, 'the sync run to finish');
  expect(finished).toMatchObject({ status: 'completed', errors: [] });
}
