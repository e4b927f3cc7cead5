import type { ConverterItem } from '../../converter/converterItems.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { annotatorOf, prettifyResult } from '../../converter/prettifyResult.js';
import { PyFloat, pythonNumberRepr } from '../../encode/pyFloat.js';
import { encodeJson, UJSON_COMPACT } from '../../encode/pyJson.js';
import type { ParsedLabelConfig } from '../../../../../../shared/label-config/types.js';
import type { ExportFormatWriter, ExportTask } from '../../exportTypes.js';

/** Columns every CSV has, even an empty one. */
const FIXED_COLUMNS = ['annotation_id', 'annotator', 'created_at', 'lead_time', 'updated_at'];

function isChat(values: readonly Record<string, unknown>[]): boolean {
  return values.some((value) => value.type === 'Chat');
}

function transcriptText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || value instanceof PyFloat) return pythonNumberRepr(value);
  return value === null || value === undefined ? 'None' : encodeJson(value, UJSON_COMPACT);
}

/** The `<name>_transcript` cell of a Chat control: `role: content` lines. */
function chatTranscript(pretty: unknown): string {
  if (!Array.isArray(pretty)) return '';
  const lines: string[] = [];
  for (const message of pretty as unknown[]) {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) continue;
    const { role, content } = message as Record<string, unknown>;
    const roleText = role === undefined ? '' : transcriptText(role);
    const contentText = content === undefined ? '' : transcriptText(content);
    if (roleText) lines.push(contentText ? `${roleText}: ${contentText}` : `${roleText}:`);
    else lines.push(contentText);
  }
  return lines.join('\n');
}

function hasHistory(item: ConverterItem): boolean {
  return Array.isArray(item.history) ? item.history.length > 0 : Boolean(item.history);
}

/**
 * [2.1] A data key that is also a from_name somewhere in the export gets its own `_data_<key>`
 * column instead of overwriting the annotation's (docs/export-formats.md#csv-and-tsv).
 */
function dataColumn(key: string, outputNames: ReadonlySet<string>): string {
  return outputNames.has(key) ? `_data_${key}` : key;
}

/** The converter's `prepare_annotation`: one row, by column name. */
export function csvRecord(item: ConverterItem, outputNames: ReadonlySet<string>): Map<string, unknown> {
  const record = new Map<string, unknown>([['id', item.id]]);
  for (const [name, values] of item.output) {
    const pretty = prettifyResult(values);
    record.set(name, typeof pretty === 'string' ? pretty : encodeJson(pretty, UJSON_COMPACT));
    if (isChat(values)) record.set(`${name}_transcript`, chatTranscript(pretty));
  }
  for (const [key, value] of Object.entries(item.input)) {
    const cell = value !== null && typeof value === 'object' ? encodeJson(value, UJSON_COMPACT) : value;
    record.set(dataColumn(key, outputNames), cell);
  }
  record.set('annotator', annotatorOf(item, { intId: false, fallback: null }));
  record.set('annotation_id', item.annotation_id);
  record.set('created_at', item.created_at);
  record.set('updated_at', item.updated_at);
  record.set('lead_time', item.lead_time);
  if (hasHistory(item)) {
    record.set('history', encodeJson(item.history, UJSON_COMPACT));
  }
  return record;
}

/** Python csv `QUOTE_NONNUMERIC`: numbers and bools bare, everything else quoted, None as "". */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number' || value instanceof PyFloat) return pythonNumberRepr(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  const text = typeof value === 'string' ? value : encodeJson(value, UJSON_COMPACT);
  return `"${text.replaceAll('"', '""')}"`;
}

/** Python's sorted(): code point order, not UTF-16 unit order. */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

function csvWriter(name: 'CSV' | 'TSV', delimiter: string): ExportFormatWriter {
  return {
    name,
    output: 'file',
    // The TSV download is named .csv too, as Label Studio names it.
    extension: '.csv',
    async write(tasks, ctx, sink) {
      // The stream is handed over at once, so the response starts before the first pass ends.
      await sink.addStream('result.csv', csvRows(tasks, ctx.project.parsed_label_config, delimiter));
    },
  };
}

/** The CSV text: a first pass for the columns (needed before the header row), then the rows. */
async function* csvRows(
  tasks: () => AsyncIterable<ExportTask>,
  schema: ParsedLabelConfig,
  delimiter: string,
): AsyncGenerator<string> {
  const outputNames = new Set<string>();
  const dataKeys = new Set<string>();
  const otherColumns = new Set<string>(FIXED_COLUMNS);
  for await (const item of iterateConverterItems(tasks(), schema)) {
    otherColumns.add('id');
    for (const key of Object.keys(item.input)) dataKeys.add(key);
    for (const [outputName, values] of item.output) {
      outputNames.add(outputName);
      if (isChat(values)) otherColumns.add(`${outputName}_transcript`);
    }
    if (hasHistory(item)) otherColumns.add('history');
  }
  const columns = new Set([...otherColumns, ...outputNames]);
  for (const key of dataKeys) columns.add(dataColumn(key, outputNames));
  const header = [...columns].sort(compareCodePoints);

  yield header.map(csvCell).join(delimiter) + '\r\n';
  for await (const item of iterateConverterItems(tasks(), schema)) {
    const record = csvRecord(item, outputNames);
    yield header.map((column) => csvCell(record.get(column))).join(delimiter) + '\r\n';
  }
}

export const CSV_WRITER = csvWriter('CSV', ',');
export const TSV_WRITER = csvWriter('TSV', '\t');
