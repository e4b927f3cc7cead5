import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../electron/core/db/open.js';

export const GOLDEN_DIR = join(import.meta.dirname, '..', 'fixtures', 'export', 'golden');

type Json = Record<string, unknown>;

/** A golden example's label config and input tasks (docs/export-formats.md#test-fixtures). */
export function readGolden(example: string): { config: string; tasks: Json[] } {
  return {
    config: readFileSync(join(GOLDEN_DIR, example, 'config.xml'), 'utf8'),
    tasks: JSON.parse(readFileSync(join(GOLDEN_DIR, example, 'export.json'), 'utf8')) as Json[],
  };
}

export function readGoldenOutput(example: string, format: string, file: string): Buffer {
  return readFileSync(join(GOLDEN_DIR, example, 'out', format, file));
}

const NOW = '2025-05-01T00:00:00.000000Z';

/** A user with this id (annotation authors), created if missing. */
export function ensureUser(db: Db, id: number, email = `user${id}@example.com`): void {
  db.prepare(
    'INSERT OR IGNORE INTO users (id, email, first_name, last_name, date_joined, last_activity) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, email, '', '', NOW, NOW);
}

function bool(value: unknown): number {
  return value ? 1 : 0;
}

/**
 * Writes the tasks of an export (as Label Studio serialized them) into a project's tables with
 * their own ids, timestamps and counters, so exporting them again must give the same bytes.
 */
export function insertExportedTasks(db: Db, project: number, tasks: readonly Json[]): void {
  const insertTask = db.prepare(
    `INSERT INTO tasks (id, project, inner_id, data, meta, created_at, updated_at, updated_by, is_labeled,
       total_annotations, cancelled_annotations, total_predictions, file_upload, allow_skip)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertUpload = db.prepare('INSERT INTO file_uploads (project, file, created_at) VALUES (?, ?, ?)');
  const insertAnnotation = db.prepare(
    `INSERT INTO annotations (id, task, project, unique_id, result, completed_by, updated_by, was_cancelled,
       ground_truth, lead_time, created_at, updated_at, draft_created_at, result_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const task of tasks) {
      const annotations = task.annotations as Json[];
      for (const annotation of annotations) {
        if (typeof annotation.completed_by === 'number') ensureUser(db, annotation.completed_by);
      }
      const upload =
        typeof task.file_upload === 'string'
          ? Number(insertUpload.run(project, `upload/${project}/${task.file_upload}`, NOW).lastInsertRowid)
          : null;
      insertTask.run(
        task.id, project, task.inner_id, JSON.stringify(task.data), JSON.stringify(task.meta ?? {}), task.created_at,
        task.updated_at, task.updated_by ?? null, bool(Number(task.total_annotations) > 0), task.total_annotations ?? 0,
        task.cancelled_annotations ?? 0, task.total_predictions ?? 0, upload, task.allow_skip === null ? null : bool(task.allow_skip),
      ); // prettier-ignore
      for (const annotation of annotations) {
        insertAnnotation.run(
          annotation.id, task.id, project, annotation.unique_id, JSON.stringify(annotation.result),
          annotation.completed_by ?? null, annotation.updated_by ?? null, bool(annotation.was_cancelled),
          bool(annotation.ground_truth), annotation.lead_time ?? null, annotation.created_at, annotation.updated_at,
          annotation.draft_created_at ?? null, annotation.result_count ?? 0,
        ); // prettier-ignore
      }
    }
  })();
}

/** A silent 16-bit mono PCM WAV file of the given length. */
export function pcmWav(seconds: number, rate: number): Buffer {
  const samples = Buffer.alloc(Math.round(seconds * rate) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
