import { encodeJson, UJSON_COMPACT } from '../../encode/pyJson.js';
import type { ExportFormatWriter, ExportTask } from '../../exportTypes.js';

/**
 * The serialized task list itself (export-formats.md 3): compact ujson, `/` escaped, non-ASCII
 * raw, no trailing newline. Streamed one task at a time.
 */
export async function* jsonTaskList(tasks: AsyncIterable<ExportTask>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const task of tasks) {
    yield (first ? '' : ',') + encodeJson(task, UJSON_COMPACT);
    first = false;
  }
  yield ']';
}

export const JSON_WRITER: ExportFormatWriter = {
  name: 'JSON',
  output: 'file',
  extension: '.json',
  async write(tasks, _ctx, sink) {
    await sink.addStream('result.json', jsonTaskList(tasks()));
  },
};
