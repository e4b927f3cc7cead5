import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../electron/core/app.js';
import { findLegacyTokenOwner, storeLegacyKey } from '../../electron/core/domain/tokens/legacyTokens.js';
import { updateJwtSettings } from '../../electron/core/domain/tokens/jwtSettings.js';
import { startServer, type RunningServer } from '../../electron/core/serve.js';
import { CHOICE_RESULT, LABEL_CONFIG } from './bodyTemplates.js';
import { routeTable, type FuzzRoute } from './routeTable.js';
import { enableLocalFiles, seedIntegrations } from './seedIntegrations.js';

export interface FuzzServer {
  running: RunningServer;
  routes: FuzzRoute[];
  /** The local-files storages' document root. */
  localFilesRoot: string;
  /** Puts back the token and token settings the fuzzer signs in with, if a request changed them. */
  restoreCredentials(): void;
  stop(): Promise<void>;
}

/** A real Outpost server on 127.0.0.1 over a database file in a fresh data folder. */
export async function startFuzzServer(): Promise<FuzzServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-fuzz-'));
  const localFilesRoot = enableLocalFiles(dataDir);
  const running = await startServer({ dataDir, port: 0 });
  const userId = findLegacyTokenOwner(running.deps, running.token);
  if (userId === null) throw new Error('the server started without a legacy token');
  return {
    running,
    localFilesRoot,
    // A second app over the same deps, only to read its route table: new routes are fuzzed as they land.
    routes: routeTable(createApp(running.deps)),
    restoreCredentials: () => {
      updateJwtSettings(running.deps.db, { api_tokens_enabled: true, legacy_api_tokens_enabled: true });
      storeLegacyKey(running.deps, userId, running.token);
    },
    stop: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(
  running: RunningServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: { Authorization: `Token ${running.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`seeding: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A project with tasks, an annotation, a draft, a prediction, a view, an export snapshot, an ML
 * backend, a remote and storages; their ids.
 */
export async function seedProject(running: RunningServer, localFilesRoot: string): Promise<number[]> {
  const project = (await call(running, 'POST', '/api/projects', { title: 'fuzz', label_config: LABEL_CONFIG }))
    .id as number;
  const tasks = [{ text: 'first' }, { text: 'second' }, { text: 'third (a+)+' }];
  const imported = await call(running, 'POST', `/api/projects/${project}/import?return_task_ids=true`, tasks);
  const taskIds = imported.task_ids as number[];
  const task = taskIds[0] as number;
  const annotation = await call(running, 'POST', `/api/tasks/${task}/annotations`, { result: CHOICE_RESULT });
  const draft = await call(running, 'POST', `/api/tasks/${taskIds[1]}/drafts`, { result: CHOICE_RESULT });
  const prediction = await call(running, 'POST', '/api/predictions', { task, result: CHOICE_RESULT, score: 0.5 });
  const view = await call(running, 'POST', '/api/dm/views', {
    project,
    data: { filters: { conjunction: 'and', items: [] } },
  });
  const snapshot = await call(running, 'POST', `/api/projects/${project}/exports`, { title: 'snap' });
  const integrations = await seedIntegrations(running, (...args) => call(running, ...args), project, localFilesRoot);
  return [
    project,
    ...taskIds,
    annotation.id,
    draft.id,
    prediction.id,
    view.id,
    snapshot.id,
    ...integrations,
  ] as number[];
}
