import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dataPaths, defaultDataDir } from '../dataDir.js';
import { exportProject } from '../domain/export/exportProject.js';
import { EXPORT_FORMAT_CATALOG } from '../domain/export/formatCatalog.js';
import { openDataFolder } from '../openDataFolder.js';
import { NotFoundError } from '../domain/errors.js';
import { requireExistingDataFolder } from './existingDataFolder.js';
import type { CliIo } from './io.js';
import { parseOptions } from './parseOptions.js';
import { EXPORT_HELP, UsageError } from './usage.js';

function parseProjectId(value: string | undefined): number {
  if (value === undefined) throw new UsageError('outpost export: --project is required.');
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--project must be a project id (a whole number), not '${value}'.`);
  }
  return Number(value);
}

/**
 * `outpost export`: the easy export of one project written to a file, streamed as the API
 * streams it. The file appears only when the export is complete; Ctrl-C stops the export.
 */
export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseOptions('export', args, {
    data: { type: 'string' },
    project: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    'all-tasks': { type: 'boolean' },
    'no-resources': { type: 'boolean' },
  });
  if (values.help) {
    io.out(EXPORT_HELP);
    return 0;
  }
  const project = parseProjectId(values.project as string | undefined);
  const out = values.out as string | undefined;
  if (!out) throw new UsageError('outpost export: --out is required.');
  const format = (values.format as string | undefined) ?? 'JSON';
  if (!EXPORT_FORMAT_CATALOG.some((info) => info.name === format)) {
    const names = EXPORT_FORMAT_CATALOG.map((info) => info.name).join(', ');
    throw new UsageError(`--format must be one of ${names}; not '${format}'.`);
  }
  const dataDir = requireExistingDataFolder('export', (values.data as string | undefined) ?? defaultDataDir());

  const folder = await openDataFolder({ dataDir });
  const abort = new AbortController();
  void io.waitForShutdown().then(() => abort.abort(new Error('Interrupted')));
  const target = resolve(out);
  const partial = join(dirname(target), `.${Date.now()}-${process.pid}.outpost-export.partial`);
  try {
    const paths = dataPaths(dataDir);
    const result = await exportProject(
      { ...folder.ctx, uploadsDir: join(paths.media, 'upload'), exportsDir: paths.exports, dataDir },
      project,
      {
        exportType: format,
        downloadAllTasks: values['all-tasks'] === true,
        downloadResources: values['no-resources'] !== true,
        ids: null,
      },
      abort.signal,
    );
    await pipeline(Readable.fromWeb(result.body as never), createWriteStream(partial), { signal: abort.signal });
    await rename(partial, target);
    io.out(`Exported project ${project} to ${target} (${result.fileName})`);
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof NotFoundError) {
      io.err(`outpost export: there is no project ${project} in ${dataDir}.`);
      return 1;
    }
    if (!abort.signal.aborted) throw error;
    io.err('outpost: export interrupted; no file was written.');
    return 1;
  } finally {
    folder.db.close();
  }
}
