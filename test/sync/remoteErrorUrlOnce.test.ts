import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { insertRemote } from '../../electron/core/domain/remotes/remotes.js';
import { listRemoteProjects } from '../../electron/core/sync/engine/remoteProjects.js';
import { createTestApp } from '../helpers/testApp.js';

/* A remote that cannot be reached is named once in the error, not "<url>: <url> could not be reached". */

/** A port on 127.0.0.1 that was just free, so nothing answers there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an unreachable remote in the projects list', () => {
  it('says its address once', async () => {
    const t = await createTestApp();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const id = insertRemote(t.ctx, {
      url,
      name: 'Team',
      token_kind: 'legacy',
      remote_version: '1.22.0',
      remote_user_id: 1,
      remote_user_email: 'me@example.com',
    });
    const tokens = new Map<number, string>([[id, 'a'.repeat(40)]]);
    const tokenVault = { get: (key: number) => tokens.get(key) ?? null, set: () => {}, delete: () => {} };
    const failure = await listRemoteProjects({ ...t.ctx, dataDir: t.deps.dataDir, tokenVault }, id).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(new RegExp(`^${url.replace(/\./g, '\\.')} could not be reached: `));
    expect(failure!.message.split(url)).toHaveLength(2);
    t.db.close();
  });
});
