import { createReadStream } from 'node:fs';
import { PyFloat } from '../encode/pyFloat.js';
import type { ExportTask } from '../exportTypes.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);
const COMMA = 0x2c;

function asFloat(value: unknown): unknown {
  return typeof value === 'number' ? new PyFloat(value) : value;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
    : [];
}

/**
 * JSON cannot say that `lead_time: 8.0` was a float; the snapshot's float columns are marked
 * again by position, so converting a snapshot prints them as the easy export does.
 */
function markFloats(task: ExportTask): ExportTask {
  for (const annotation of records(task.annotations)) annotation.lead_time = asFloat(annotation.lead_time);
  for (const draft of records(task.drafts)) draft.lead_time = asFloat(draft.lead_time);
  for (const prediction of records(task.predictions)) {
    prediction.score = asFloat(prediction.score);
    prediction.mislabeling = asFloat(prediction.mislabeling);
  }
  return task;
}

/**
 * The tasks of a snapshot file (a JSON array), one at a time: the bytes are scanned for the
 * top-level elements, so only one task is ever held, whatever the file's size.
 */
export async function* readSnapshotTasks(path: string, signal: AbortSignal): AsyncGenerator<ExportTask> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    signal.throwIfAborted();
    let start = depth >= 1 ? 0 : -1;
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      let ends = false;
      if (byte === QUOTE) inString = true;
      else if (OPEN.has(byte)) {
        depth += 1;
        if (depth === 1) start = i + 1;
      } else if (CLOSE.has(byte)) {
        depth -= 1;
        ends = depth === 0;
      } else ends = depth === 1 && byte === COMMA;
      if (ends) {
        parts.push(chunk.subarray(start, i));
        const text = Buffer.concat(parts).toString('utf8').trim();
        parts = [];
        start = i + 1;
        if (text) yield markFloats(JSON.parse(text) as ExportTask);
      }
    }
    if (depth >= 1 && start >= 0) parts.push(chunk.subarray(start));
  }
}
