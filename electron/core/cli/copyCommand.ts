import { resolve } from 'node:path';
import { defaultDataDir } from '../dataDir.js';
import { DomainError } from '../domain/errors.js';
import { openDataFolder } from '../openDataFolder.js';
import { prepareServerCopy, runServerCopy } from '../sync/copy/runCopy.js';
import type { SyncDeps } from '../sync/engine/syncDeps.js';
import { createFileTokenVault } from '../sync/tokenVault.js';
import type { CliIo } from './io.js';
import { parseOptions } from './parseOptions.js';
import { ensureRemote, parseRemote } from './syncCommand.js';
import { stderrProgress } from './syncProgressLines.js';
import { SYNC_COPY_HELP, UsageError } from './usage.js';
import { pluralize } from '../../../shared/text/counts.js';

function parseProject(value: string | undefined): number {
  if (value === undefined) throw new UsageError('outpost sync copy: --project is required.');
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--project must be a local project id (a whole number), not '${value}'.`);
  }
  return Number(value);
}

/** A domain refusal (no such project, not a mirror, the same remote) as the CLI words it. */
function explainRefusal(error: unknown): string | null {
  if (!(error instanceof DomainError)) return null;
  const fields = error.validationErrors ? Object.values(error.validationErrors).flat().join(' ') : '';
  return fields || error.message;
}

/**
 * `outpost sync copy --project ID --to URL`: copies a mirrored project (by its local id) as a new
 * project to another remote, or resumes the unfinished copy of it to that remote. Exit 0 when the
 * copy completed, 1 when it failed or was stopped (run it again to resume), 2 for bad options.
 */
export async function copyCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('sync copy', args, {
    data: { type: 'string' },
    project: { type: 'string' },
    to: { type: 'string' },
    token: { type: 'string' },
    title: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.out(SYNC_COPY_HELP);
    return 0;
  }
  const project = parseProject(values.project as string | undefined);
  if (values.to === undefined) throw new UsageError('outpost sync copy: --to is required.');
  const url = parseRemote(values.to as string, '--to');
  const token = values.token as string | undefined;
  if (token !== undefined && token.trim() === '') throw new UsageError('outpost sync copy: --token may not be blank.');
  const dataDir = resolve((values.data as string | undefined) ?? defaultDataDir());

  const folder = await openDataFolder({ dataDir });
  try {
    const vault = createFileTokenVault({ dataDir, codec: null, warn: (line) => io.err(line) });
    const deps: SyncDeps = { ...folder.ctx, dataDir, tokenVault: vault };
    const remote = await ensureRemote(deps, url, token);
    let copy;
    try {
      copy = prepareServerCopy(deps, { project, remote, title: values.title as string | undefined });
    } catch (error) {
      const reason = explainRefusal(error);
      if (reason === null) throw error;
      io.err(`outpost: sync copy: ${reason}`);
      return 1;
    }
    const abort = new AbortController();
    void io.waitForShutdown().then(() => abort.abort(new Error('interrupted')));
    const result = await runServerCopy(deps, copy, {
      signal: abort.signal,
      progress: stderrProgress((line) => io.err(line), deps.clock),
    });
    const { pushed, errors } = result.summary;
    if (values.json) {
      io.out(JSON.stringify({ ...result.summary, copy: result.copyId, target_project: result.targetProjectId }));
    } else {
      io.out(`Copied project ${project} to ${url}: run ${result.runId} ${result.status}.`);
      io.out(`Target project: ${result.targetProjectId ?? 'not created yet'}.`);
      io.out(
        `Sent: ${pluralize(pushed.tasks, 'task')}, ${pluralize(pushed.annotations, 'annotation')}, ` +
          `${pluralize(pushed.predictions ?? 0, 'prediction')}. Notes and errors: ${errors.length}.`,
      );
      for (const error of errors) io.out(`  ${error.phase}: ${error.item}: ${error.message}`);
    }
    if (result.status === 'completed') return 0;
    io.err(`outpost: sync copy ${result.status}: ${errors.map((error) => error.message).join('; ')}`);
    return 1;
  } finally {
    folder.db.close();
  }
}
