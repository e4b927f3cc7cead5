import { basename } from 'node:path';
import type { Db } from '../../../db/open.js';
import type { ExportAnnotationRow, ExportTaskRow } from '../../../db/repos/exportTasksRepo.js';
import { pyFloatOrNull } from '../encode/pyFloat.js';
import { encodeJson, encodeParsedJson, encodeStoredJson, UJSON_COMPACT } from '../encode/pyJson.js';
import {
  exportDraft,
  exportPrediction,
  parseData,
  predictionSnapshot,
  readExportPage,
  type ExportSerialization,
} from './serializeExportTasks.js';

/*
 * The same tasks written straight to compact ujson text, the JSON export's hot path. Each piece
 * is exactly what `encodeJson(task, UJSON_COMPACT)` writes for the objects serializeExportTasks
 * builds: the same values go through the same encoder functions, only the keys (plain ASCII, so
 * written as they are) and separators are spelled out instead of found by walking the objects.
 * Keep the key order in step with serializeExportTasks and exportAnnotation (serializeExportTasks.ts);
 * test/export/jsonPaths.test.ts compares the two paths.
 */

const json = (value: unknown): string => encodeJson(value, UJSON_COMPACT);

function encodeAnnotation(row: ExportAnnotationRow, author: unknown): string {
  return (
    `{"id":${json(row.id)},"completed_by":${json(author)},` +
    `"result":${encodeStoredJson(row.result, UJSON_COMPACT)},` +
    `"was_cancelled":${json(row.was_cancelled !== 0)},"ground_truth":${json(row.ground_truth !== 0)},` +
    `"created_at":${json(row.created_at)},"updated_at":${json(row.updated_at)},` +
    `"draft_created_at":${json(row.draft_created_at)},"lead_time":${json(pyFloatOrNull(row.lead_time))},` +
    `"prediction":${row.prediction === null ? '{}' : json(predictionSnapshot(row.prediction))},` +
    `"result_count":${json(row.result_count)},` +
    `"unique_id":${json(row.unique_id)},"import_id":${json(row.import_id)},` +
    `"last_action":${json(row.last_action)},"bulk_created":${json(row.bulk_created !== 0)},` +
    `"task":${json(row.task)},"project":${json(row.project)},"updated_by":${json(row.updated_by)},` +
    `"parent_prediction":${json(row.parent_prediction)},"parent_annotation":${json(row.parent_annotation)},` +
    `"last_created_by":${json(row.last_created_by)}}`
  );
}

/**
 * What parseData gives, encoded. A stored object without a `$undefined$` key is what parseData
 * returns unchanged, so its text can be restyled without parsing (encodeStoredJson).
 */
function encodeData(row: ExportTaskRow, dataTypes: Record<string, string>): string {
  if (row.data.charCodeAt(0) === 0x7b && !row.data.includes('"$undefined$"')) {
    return encodeStoredJson(row.data, UJSON_COMPACT);
  }
  return encodeParsedJson(parseData(row, dataTypes), UJSON_COMPACT);
}

function encodeList<T>(items: readonly T[] | undefined, encode: (item: T) => string): string {
  if (!items || items.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < items.length; i += 1) out += (i > 0 ? ',' : '') + encode(items[i]!);
  return `${out}]`;
}

/**
 * About the size of the byte channel's chunks (pipeline/exportSinks.ts): pieces of this size
 * encode to bytes much faster than one string per page, and cost far fewer steps than one per task.
 */
const PIECE_CHARS = 64 * 1024;

/**
 * One page of tasks as `encodeJson(task, UJSON_COMPACT)` of each of serializeExportTasks' tasks,
 * in pieces of whole tasks joined by `,` (no brackets, no `,` between two pieces).
 */
export function encodeExportTasksUjson(db: Db, rows: readonly ExportTaskRow[], options: ExportSerialization): string[] {
  const page = readExportPage(db, rows, options);
  const pieces: string[] = [];
  let out = '';
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    const annotations = encodeList(page.annotations.get(row.id), (annotation) =>
      encodeAnnotation(annotation, page.authorOf(annotation)),
    );
    const drafts = encodeList(page.drafts.get(row.id), (draft) =>
      json(options.drafts === 'id' ? draft.id : exportDraft(draft, options.now, page.serverUserId)),
    );
    const predictions = encodeList(page.predictions.get(row.id), (prediction) =>
      json('result' in prediction ? exportPrediction(prediction, options.now) : prediction.id),
    );
    // Label Studio leaves the key out for a task that no uploaded file made.
    const fileUpload = row.file_upload_file === null ? '' : `"file_upload":${json(basename(row.file_upload_file))},`;
    out +=
      `${out ? ',' : ''}{"id":${json(row.id)},"annotations":${annotations},` +
      `${fileUpload}"drafts":${drafts},"predictions":${predictions},` +
      `"data":${encodeData(row, options.dataTypes)},` +
      `"meta":${encodeStoredJson(row.meta, UJSON_COMPACT)},` +
      `"created_at":${json(row.created_at)},"updated_at":${json(row.updated_at)},` +
      `"allow_skip":${json(row.allow_skip === null ? null : row.allow_skip !== 0)},` +
      `"inner_id":${json(row.inner_id)},"total_annotations":${json(row.total_annotations)},` +
      `"cancelled_annotations":${json(row.cancelled_annotations)},` +
      `"total_predictions":${json(row.total_predictions)},"comment_count":${json(row.comment_count)},` +
      `"unresolved_comment_count":${json(row.unresolved_comment_count)},` +
      `"last_comment_updated_at":${json(row.last_comment_updated_at)},"project":${json(row.project)},` +
      `"updated_by":${json(row.updated_by)},"comment_authors":[]}`;
    if (out.length >= PIECE_CHARS) {
      pieces.push(out);
      out = '';
    }
  }
  if (out) pieces.push(out);
  return pieces;
}
