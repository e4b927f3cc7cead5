import { encodeJson, PY_JSON } from '../encode/pyJson.js';
import type { ExportFormatWriter } from '../exportTypes.js';

/**
 * The snapshot file: `json.JSONEncoder(ensure_ascii=False).iterencode` of the task list, so
 * `", "` and `": "` separators and no `\/` (docs/export-formats.md#snapshots), unlike the easy
 * export's body.
 */
export const SNAPSHOT_JSON_WRITER: ExportFormatWriter = {
  name: 'JSON',
  output: 'file',
  extension: '.json',
  async write(tasks, _ctx, sink) {
    async function* encoded(): AsyncGenerator<string> {
      let first = true;
      yield '[';
      for await (const task of tasks()) {
        yield (first ? '' : ', ') + encodeJson(task, PY_JSON);
        first = false;
      }
      yield ']';
    }
    await sink.addStream('result.json', encoded());
  },
};
