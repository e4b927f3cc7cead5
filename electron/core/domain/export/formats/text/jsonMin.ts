import { encodeJson, UJSON_INDENT2 } from '../../encode/pyJson.js';
import type { ConverterItem } from '../../converter/converterItems.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { annotatorOf, prettifyResult } from '../../converter/prettifyResult.js';
import type { ExportFormatWriter } from '../../exportTypes.js';

/**
 * One JSON_MIN record (docs/export-formats.md#json_min), as a Map so that keys keep Python's
 * insertion order and an existing key is overwritten in place: data, id, one key per from_name,
 * then the annotation fields.
 */
export function jsonMinRecord(item: ConverterItem): Map<string, unknown> {
  const record = new Map<string, unknown>(Object.entries(item.input));
  record.set('id', item.id);
  for (const [name, values] of item.output) record.set(name, prettifyResult(values));
  record.set('annotator', annotatorOf(item, { intId: true, fallback: null }));
  record.set('annotation_id', item.annotation_id);
  record.set('created_at', item.created_at);
  record.set('updated_at', item.updated_at);
  record.set('lead_time', item.lead_time);
  return record;
}

export const JSON_MIN_WRITER: ExportFormatWriter = {
  name: 'JSON_MIN',
  output: 'file',
  extension: '.json',
  async write(tasks, ctx, sink) {
    async function* lines(): AsyncGenerator<string> {
      let first = true;
      yield '[\n';
      for await (const item of iterateConverterItems(tasks(), ctx.project.parsed_label_config)) {
        yield (first ? '' : ',\n') + encodeJson(jsonMinRecord(item), UJSON_INDENT2);
        first = false;
      }
      yield '\n]';
    }
    await sink.addStream('result.json', lines());
  },
};
