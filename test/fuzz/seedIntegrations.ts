import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { insertRemoteRow } from '../../electron/core/db/repos/remotesRepo.js';
import { LOCAL_MODEL_URL } from '../../electron/core/domain/ml/mlBackendFields.js';
import type { RunningServer } from '../../electron/core/serve.js';

/*
 * Without live ids, the ML backend, remote and storage routes answered 404 to almost every fuzzed
 * request. This gives them targets that need no outside service: the built-in local model, a
 * remote at a closed loopback port (its tests and syncs fail fast, with a refused connection), and
 * local-files storages (import and export) in a folder under the server's document root.
 */

/** A loopback port nothing listens on (one just given up by a server): connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Local-files serving for the fuzz process; call before the server starts. */
export function enableLocalFiles(dataDir: string): string {
  const root = join(dataDir, 'local-files');
  mkdirSync(join(root, 'import'), { recursive: true });
  mkdirSync(join(root, 'export'), { recursive: true });
  writeFileSync(join(root, 'import', 'a.txt'), 'first');
  writeFileSync(join(root, 'import', 'tasks.json'), JSON.stringify([{ text: 'from storage' }]));
  process.env.LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED = 'true';
  process.env.LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT = root;
  return root;
}

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** An ML backend, a remote and two storages of `project`; their ids. */
export async function seedIntegrations(
  running: RunningServer,
  call: Call,
  project: number,
  localFilesRoot: string,
): Promise<number[]> {
  const model = await call('POST', '/api/ml', { project, url: LOCAL_MODEL_URL, title: 'fuzz model' });
  const now = new Date().toISOString();
  const url = `http://127.0.0.1:${await closedPort()}/${project}`;
  const remote = insertRemoteRow(running.deps.db, {
    url,
    name: 'fuzz remote',
    token_kind: 'legacy',
    remote_version: null,
    remote_user_id: null,
    remote_user_email: null,
    sync_interval_minutes: 0,
    created_at: now,
    updated_at: now,
  });
  running.deps.tokenVault!.set(remote, 'f'.repeat(40));
  const storage = (direction: string, folder: string) =>
    call('POST', `/api/storages${direction}/localfiles`, {
      project,
      path: join(localFilesRoot, folder),
      use_blob_urls: true,
    });
  const imports = await storage('', 'import');
  const exports = await storage('/export', 'export');
  return [model.id, remote, imports.id, exports.id] as number[];
}
