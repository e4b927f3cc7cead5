import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import type { ConverterItem } from '../../converter/converterItems.js';
import { iterateConverterItems } from '../../converter/converterItems.js';
import { annotatorOf } from '../../converter/prettifyResult.js';
import { PyFloat } from '../../encode/pyFloat.js';
import { encodeJson, PY_JSON_ASCII } from '../../encode/pyJson.js';
import type { ExportContext, ExportFormatWriter } from '../../exportTypes.js';
import { wavDurationSeconds } from '../../media/wavDuration.js';
import { firstDataKey } from './conll2003.js';

/** The name `download()` gives a file in `audio/`: an upload's basename, else the URL path's. */
function audioName(url: string): string {
  if (url.startsWith('/data/upload')) {
    let path = url.replace('/data/upload/', '');
    try {
      path = decodeURIComponent(path);
    } catch {
      // Python's unquote leaves malformed escapes as they are.
    }
    return path.split('/').pop() ?? path;
  }
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? url;
  }
  return path.split('/').pop() ?? path;
}

/** The transcript: `text[0]` of the first from_name whose first value has a `text` key. */
function transcriptOf(item: ConverterItem): unknown {
  for (const values of item.output.values()) {
    const first = values[0];
    if (first && 'text' in first) return Array.isArray(first.text) ? first.text[0] : undefined;
  }
  return undefined;
}

/**
 * ASR_MANIFEST (docs/export-formats.md#asr_manifest): `manifest.json` lines plus the WAV files in
 * `audio/`. Only media the data folder holds are bundled (Outpost does not download); an item
 * without a readable WAV is dropped, and so is an item without a transcript (the converter crashed
 * on one, or reused the previous item's text).
 */
export const ASR_MANIFEST_WRITER: ExportFormatWriter = {
  name: 'ASR_MANIFEST',
  output: 'zip',
  extension: '.zip',
  async write(tasks, ctx: ExportContext, sink) {
    const dataKey = firstDataKey(ctx);
    const manifestPath = join(await sink.tempDir(), 'manifest.json');
    const manifest = createWriteStream(manifestPath);
    const copied = new Map<string, string>();
    const names = new Set<string>();
    await sink.addFile('audio/', '');
    try {
      for await (const item of iterateConverterItems(tasks(), ctx.project.parsed_label_config)) {
        if (!Object.hasOwn(item.input, dataKey)) throw new Error(`Task ${item.id} has no data key "${dataKey}"`);
        const url = String(item.input[dataKey]);
        const localPath = ctx.downloadResources ? ctx.resolveMedia(url) : null;
        if (!localPath) continue;
        const duration = await wavDurationSeconds(localPath);
        const text = transcriptOf(item);
        if (duration === null || text === undefined) continue;
        let name = copied.get(url);
        if (name === undefined) {
          name = audioName(url);
          // Two sources with one basename: keep both, as download() does, with a stable suffix.
          if (names.has(name)) {
            const dot = name.lastIndexOf('.');
            const suffix = `_${createHash('md5').update(url).digest('hex').slice(0, 4)}`;
            name = dot > 0 ? name.slice(0, dot) + suffix + name.slice(dot) : name + suffix;
          }
          copied.set(url, name);
          names.add(name);
          await sink.addLocalFile(`audio/${name}`, localPath);
        }
        const line = new Map<string, unknown>([
          ['audio_filepath', `audio/${name}`],
          ['duration', new PyFloat(duration)],
          ['text', text],
          ['annotator', annotatorOf(item, { intId: false, fallback: '' })],
        ]);
        if (!manifest.write(`${encodeJson(line, PY_JSON_ASCII)}\n`)) await once(manifest, 'drain');
      }
    } finally {
      manifest.end();
      await once(manifest, 'close');
    }
    await sink.addLocalFile('manifest.json', manifestPath);
  },
};
