import { encodeJson, UJSON_COMPACT } from '../../encode/pyJson.js';
import type { ExportFormatWriter, ExportTask } from '../../exportTypes.js';

/**
 * The serialized task list itself (docs/export-formats.md#json): compact ujson, `/` escaped,
 * non-ASCII raw, no trailing newline. Streamed one task at a time.
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

/** The same list from pieces already encoded (ExportContext.ujsonTasks). */
async function* jsonTaskListOf(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const piece of pieces) {
    if (!piece) continue;
    yield first ? piece : `,${piece}`;
    first = false;
  }
  yield ']';
}

export const JSON_WRITER: ExportFormatWriter = {
  name: 'JSON',
  output: 'file',
  extension: '.json',
  async write(tasks, ctx, sink) {
    await sink.addStream('result.json', ctx.ujsonTasks ? jsonTaskListOf(ctx.ujsonTasks()) : jsonTaskList(tasks()));
  },
};
