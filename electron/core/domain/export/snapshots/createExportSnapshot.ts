import { findSnapshotRow, insertSnapshotRow, updateSnapshotRow } from '../../../db/repos/exportSnapshotsRepo.js';
import { formatTimestamp } from '../../clock.js';
import { getProjectRow } from '../../projects/getProject.js';
import { exportBaseName } from '../exportFileName.js';
import { type ExportDomainContext, exportProjectInfo } from '../exportProjectContext.js';
import { runExport } from '../pipeline/runExport.js';
import { readExportTasks } from '../tasks/readExportTasks.js';
import { serializeSnapshots } from './serializeSnapshot.js';
import type { SnapshotCreateInput } from './snapshotFields.js';
import { writeSnapshotFile } from './snapshotFiles.js';
import { SNAPSHOT_JSON_WRITER } from './snapshotJsonWriter.js';
import { snapshotSerialization, snapshotTaskSelection } from './snapshotSelection.js';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `get_default_title`: the project title with spaces as dashes, `-at-`, Django's UTC 'Y-m-d-H-i'. */
function defaultTitle(projectTitle: string, now: Date): string {
  const stamp = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}-${pad(now.getUTCHours())}-${pad(now.getUTCMinutes())}`;
  return `${projectTitle.replaceAll(' ', '-')}-at-${stamp}`;
}

/**
 * `POST /api/projects/{id}/exports/` (docs/export-formats.md#snapshots). Label Studio CE without
 * Redis writes the file before answering, so the 201 already says `completed` (or `failed`); so
 * does Outpost, streaming the tasks into the file page by page.
 */
export async function createExportSnapshot(
  ctx: ExportDomainContext,
  userId: number,
  projectId: number,
  input: SnapshotCreateInput,
): Promise<Record<string, unknown>> {
  // 1. The record, in progress, with its options.
  const project = exportProjectInfo(getProjectRow(ctx, projectId));
  const now = ctx.clock();
  const id = insertSnapshotRow(ctx.db, {
    project: projectId,
    title: input.title || defaultTitle(project.title, now),
    created_by: userId,
    created_at: formatTimestamp(now),
    status: 'in_progress',
    task_filter_options: JSON.stringify(input.task_filter_options ?? null),
    annotation_filter_options: JSON.stringify(input.annotation_filter_options ?? null),
    serialization_options: JSON.stringify(input.serialization_options ?? null),
  });

  // 2. The file, named after its md5 as Label Studio names it.
  try {
    const selection = snapshotTaskSelection(ctx, projectId, input.task_filter_options);
    const serialization = snapshotSerialization(
      input.serialization_options,
      input.annotation_filter_options,
      project.data_types,
      now,
    );
    let taskNumber = 0;
    const output = await runExport({
      writer: SNAPSHOT_JSON_WRITER,
      tasks: (signal) => readExportTasks(ctx.db, selection, serialization, signal, (count) => (taskNumber += count)),
      context: { project, downloadResources: false, resolveMedia: () => null },
      now,
    });
    const written = await writeSnapshotFile(ctx.exportsDir, projectId, output.body, (md5) => {
      return `${exportBaseName(projectId, ctx.clock(), md5)}.json`;
    });
    updateSnapshotRow(ctx.db, id, {
      status: 'completed',
      file: written.stored,
      md5: written.md5,
      counters: JSON.stringify({ task_number: taskNumber }),
      finished_at: formatTimestamp(ctx.clock()),
    });
  } catch {
    updateSnapshotRow(ctx.db, id, { status: 'failed', finished_at: formatTimestamp(ctx.clock()) });
  }

  // 3. ExportCreateSerializer's answer: the popped option fields come back as null.
  const [snapshot] = serializeSnapshots(ctx.db, [findSnapshotRow(ctx.db, projectId, id)!]);
  return { ...snapshot, task_filter_options: null, annotation_filter_options: null, serialization_options: null };
}
