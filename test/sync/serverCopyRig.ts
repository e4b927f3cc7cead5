import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli } from './faultsFixtures.js';
import { seedSource, type SeededSource } from './serverCopyFixtures.js';

/*
 * What the copy files that kill or fault a run share: a source Outpost with a seeded project, a
 * target Outpost behind a fault proxy, and a data folder that mirrors the source's project.
 * Every author exists on the source; those in `targetAuthors` exist on the target too.
 */

export interface CopyRig {
  source: RemoteOutpost;
  target: RemoteOutpost;
  proxy: FaultProxy;
  dataDir: string;
  seeded: SeededSource;
  close(): Promise<void>;
}

export async function openCopyRig(options: {
  named: number;
  uploads: number;
  authors: string[];
  targetAuthors: string[];
}): Promise<CopyRig> {
  const [source, target] = await Promise.all([startRemoteOutpost(), startRemoteOutpost()]);
  const proxy = await startFaultProxy(target.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-copy-'));
  const close = async () => {
    await proxy.close();
    await Promise.all([source.stop(), target.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const author of options.authors) await source.addUser(author);
    for (const author of options.targetAuthors) await target.addUser(author);
    const seeded = await seedSource(source, {
      named: options.named,
      uploads: options.uploads,
      authors: options.authors,
    });
    const pulled = await runSyncCli(dataDir, source.url, source.token, seeded.project);
    expect(pulled.code, pulled.stderr).toBe(0);
    return { source, target, proxy, dataDir, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
