import type { ConvertedFormatRow, ExportSnapshotRow } from '../../../db/repos/exportSnapshotsRepo.js';
import { listConvertedFormatRows } from '../../../db/repos/exportSnapshotsRepo.js';
import { findUserById } from '../../../db/repos/usersRepo.js';
import type { Db } from '../../../db/open.js';
import { toUserSimple } from '../../users/serializeUser.js';

/** ExportSerializer (`fields = ['title'] + read_only`), converted formats as ConvertedFormatSerializer. */
export function serializeSnapshots(db: Db, rows: readonly ExportSnapshotRow[]): Record<string, unknown>[] {
  const converted = new Map<number, ConvertedFormatRow[]>();
  for (const row of listConvertedFormatRows(
    db,
    rows.map((snapshot) => snapshot.id),
  )) {
    converted.set(row.export, [...(converted.get(row.export) ?? []), row]);
  }
  return rows.map((row) => {
    const author = row.created_by === null ? undefined : findUserById(db, row.created_by);
    return {
      title: row.title,
      id: row.id,
      created_by: author ? toUserSimple(author) : null,
      created_at: row.created_at,
      finished_at: row.finished_at,
      status: row.status,
      md5: row.md5,
      counters: JSON.parse(row.counters) as unknown,
      converted_formats: (converted.get(row.id) ?? []).map((format) => ({
        id: format.id,
        status: format.status,
        export_type: format.export_type,
        traceback: format.traceback,
      })),
    };
  });
}
