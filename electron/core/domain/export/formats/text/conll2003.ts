import type { ConverterItem } from '../../converter/converterItems.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { numericValue } from '../../encode/pyFloat.js';
import type { ExportContext, ExportFormatWriter } from '../../exportTypes.js';
import { treebankSpans } from './treebankTokenizer.js';

interface Span {
  start: number;
  end: number;
  labels: unknown;
}

function asNumber(value: unknown): number {
  return Number(numericValue(value));
}

/**
 * `create_tokens_and_tags` (docs/export-formats.md#conll2003): tokens and their IOB tags. Any span
 * without start/end makes every tag O; otherwise spans are walked in start order, the earlier span
 * winning until it ends.
 */
export function tokensAndTags(text: string, spanValues: readonly Record<string, unknown>[] | null): string[][] {
  const tokens = treebankSpans(text);
  const complete =
    spanValues &&
    spanValues.length > 0 &&
    spanValues.every(
      (span) => span.start !== undefined && span.start !== null && span.end !== undefined && span.end !== null,
    );
  if (!complete) return tokens.map(({ token }) => [token, 'O']);

  const spans: Span[] = spanValues
    .map((span, index) => ({ span, index }))
    .sort((a, b) => asNumber(a.span.start) - asNumber(b.span.start) || a.index - b.index)
    .map(({ span }) => ({ start: asNumber(span.start), end: asNumber(span.end), labels: span.labels }));
  let span = spans.shift()!;
  let spanStart = span.start;
  let spanEnd = span.end - 1;
  let prefix = 'B-';
  const rows: string[][] = [];
  for (const { token, start, length } of tokens) {
    const tokenEnd = start + length - 1;
    if (start > spanEnd) {
      while (spans.length > 0) {
        span = spans.shift()!;
        spanStart = span.start;
        spanEnd = span.end - 1;
        prefix = 'B-';
        if (start <= spanEnd) break;
      }
    }
    const labels = Array.isArray(span.labels) ? (span.labels as unknown[]) : [];
    if (tokenEnd < spanStart || labels.length === 0) {
      rows.push([token, 'O']);
    } else if (spanStart <= tokenEnd && spanEnd >= start) {
      rows.push([token, prefix + String(labels[0])]);
      prefix = 'I-';
    } else {
      rows.push([token, 'O']);
    }
  }
  return rows;
}

/** The config's single data key (`_data_keys[0]`), which CONLL2003 and ASR read. */
export function firstDataKey(ctx: ExportContext): string {
  for (const control of Object.values(ctx.project.parsed_label_config)) {
    for (const input of control.inputs) return (input.value ?? input.valueList)!;
  }
  throw new Error('The label config has no data key');
}

/** The first from_name group whose tag is Labels; other controls are ignored. */
function labelSpans(item: ConverterItem): Record<string, unknown>[] | null {
  for (const values of item.output.values()) {
    if (String(values[0]?.type ?? '').toLowerCase() === 'labels') return values;
  }
  return null;
}

function blockOf(item: ConverterItem, dataKey: string): string {
  if (!Object.hasOwn(item.input, dataKey)) throw new Error(`Task ${item.id} has no data key "${dataKey}"`);
  const value = item.input[dataKey];
  const text = typeof value === 'string' ? value : String(value);
  const lines = tokensAndTags(text, labelSpans(item)).map(([token, tag]) => `${token} -X- _ ${tag}\n`);
  return `${lines.join('')}\n`;
}

export const CONLL2003_WRITER: ExportFormatWriter = {
  name: 'CONLL2003',
  output: 'file',
  extension: '.conll',
  async write(tasks, ctx, sink) {
    const dataKey = firstDataKey(ctx);
    async function* blocks(): AsyncGenerator<string> {
      yield '-DOCSTART- -X- O\n';
      for await (const item of iterateConverterItems(tasks(), ctx.project.parsed_label_config)) {
        yield blockOf(item, dataKey);
      }
    }
    await sink.addStream('result.conll', blocks());
  },
};
