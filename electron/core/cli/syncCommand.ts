import { resolve } from 'node:path';
import { defaultDataDir } from '../dataDir.js';
import { findRemoteByUrl } from '../db/repos/remotesRepo.js';
import { ValidationError } from '../domain/errors.js';
import { normalizeRemoteUrl } from '../domain/remotes/remoteUrl.js';
import { openDataFolder } from '../openDataFolder.js';
import { setSyncScope } from '../domain/sync/syncScopes.js';
import { addRemote, changeRemote } from '../sync/engine/manageRemotes.js';
import { listRemoteViews } from '../sync/engine/remoteViews.js';
import type { SyncDeps } from '../sync/engine/syncDeps.js';
import { runSync, type SyncRunResult } from '../sync/runSync.js';
import { createFileTokenVault } from '../sync/tokenVault.js';
import { copyCommand } from './copyCommand.js';
import { parseScopeOption } from './scopeOption.js';
import type { CliIo } from './io.js';
import { parseOptions } from './parseOptions.js';
import { stderrProgress } from './syncProgressLines.js';
import { SYNC_HELP, UsageError } from './usage.js';
import { pluralize } from '../../../shared/text/counts.js';
import type { SyncScope } from '../../../shared/api/syncScope.js';

export function parseRemote(value: string | undefined, option = '--remote'): string {
  if (value === undefined) throw new UsageError('outpost sync: --remote is required.');
  try {
    return normalizeRemoteUrl(value);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new UsageError(`${option} must be the http(s) URL of a Label Studio server, not '${value}'.`);
  }
}

function parseProjects(values: string[] | undefined): number[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      throw new UsageError(`--project must be a remote project id (a whole number), not '${value}'.`);
    }
    return Number(value);
  });
}

/**
 * The remote's id: the one with this URL, or a new one (connected first). A token given for a
 * known remote replaces the stored one once the remote has accepted it.
 */
export async function ensureRemote(deps: SyncDeps, url: string, token: string | undefined): Promise<number> {
  const existing = findRemoteByUrl(deps.db, url);
  if (!existing) {
    if (token === undefined) throw new UsageError(`outpost sync: --token is required: ${url} is not a remote yet.`);
    return (await addRemote(deps, { url, token })).id;
  }
  if (token !== undefined) {
    let stored: string | null = null;
    try {
      stored = deps.tokenVault.get(existing.id);
    } catch {
      // Encrypted by the desktop app (unreadable here): the token given now is stored instead.
    }
    if (stored !== token) await changeRemote(deps, existing.id, { token });
  }
  return existing.id;
}

/** Stores the scope of each project (a tab's with its title there, which also shows it exists). */
async function storeScope(deps: SyncDeps, remoteId: number, projects: number[], scope: SyncScope): Promise<void> {
  for (const project of projects) {
    let stored = scope;
    if (scope?.kind === 'view') {
      const view = (await listRemoteViews(deps, remoteId, project)).find((item) => item.id === scope.view);
      if (!view) throw new UsageError(`--scope view:${scope.view}: project ${project} has no such tab on the remote.`);
      stored = { ...scope, title: view.title };
    }
    setSyncScope(deps, remoteId, project, stored);
  }
}

function printSummary(io: CliIo, url: string, result: SyncRunResult): void {
  const { pulled, pushed, conflicts, errors } = result.summary;
  io.out(`Synced ${url}: run ${result.runId} ${result.status}.`);
  io.out(
    `Pulled: ${pluralize(pulled.projects, 'project')}, ${pluralize(pulled.tasks, 'task')}, ` +
      `${pluralize(pulled.annotations, 'annotation')}, ${pluralize(pulled.predictions, 'prediction')}, ` +
      `${pluralize(pulled.media, 'media file')}.`,
  );
  io.out(
    `Pushed: ${pluralize(pushed.annotations, 'new annotation')}, ${pluralize(pushed.updates, 'update')}, ` +
      `${pluralize(pushed.deletions, 'deletion')}, ${pluralize(pushed.tasks, 'task')}` +
      `${pushed.skips ? `, ${pluralize(pushed.skips, 'skip')}` : ''}.`,
  );
  io.out(`Conflicts: ${conflicts}. Errors: ${errors.length}.`);
  for (const error of errors) io.out(`  ${error.phase}: ${error.item}: ${error.message}`);
}

/**
 * `outpost sync`: one run against a remote (push the outbox, pull the projects), progress on
 * stderr. Exit 0 only when the run completed with no errors; 1 when it failed or was stopped.
 */
export async function syncCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'copy') return copyCommand(args.slice(1), io);
  const values = parseOptions('sync', args, {
    data: { type: 'string' },
    remote: { type: 'string' },
    token: { type: 'string' },
    project: { type: 'string', multiple: true },
    scope: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.out(SYNC_HELP);
    return 0;
  }
  const url = parseRemote(values.remote as string | undefined);
  const token = values.token as string | undefined;
  if (token !== undefined && token.trim() === '') throw new UsageError('outpost sync: --token may not be blank.');
  const projects = parseProjects(values.project as unknown as string[] | undefined);
  const scopeOption = values.scope as string | undefined;
  if (scopeOption !== undefined && projects === undefined) {
    throw new UsageError('outpost sync: --scope needs the --project it applies to.');
  }
  const scope = scopeOption === undefined ? undefined : parseScopeOption(scopeOption);
  const dataDir = resolve((values.data as string | undefined) ?? defaultDataDir());

  const folder = await openDataFolder({ dataDir });
  try {
    const vault = createFileTokenVault({ dataDir, codec: null, warn: (line) => io.err(line) });
    const deps: SyncDeps = { ...folder.ctx, dataDir, tokenVault: vault };
    const remoteId = await ensureRemote(deps, url, token);
    if (scope !== undefined) await storeScope(deps, remoteId, projects ?? [], scope);
    const abort = new AbortController();
    void io.waitForShutdown().then(() => abort.abort(new Error('interrupted')));
    const result = await runSync(deps, remoteId, {
      projects,
      signal: abort.signal,
      progress: stderrProgress((line) => io.err(line), deps.clock),
    });
    if (values.json) io.out(JSON.stringify(result.summary));
    else printSummary(io, url, result);
    if (result.status === 'completed') return 0;
    const reasons = result.summary.errors.map((error) => error.message).join('; ');
    io.err(`outpost: sync ${result.status}${reasons ? `: ${reasons}` : '.'}`);
    return 1;
  } finally {
    folder.db.close();
  }
}
