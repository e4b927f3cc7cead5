import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeLabelConfig } from '../../shared/label-config/index.js';
import type { ExportContext, ExportFormatWriter, ExportTask } from '../../electron/core/domain/export/exportTypes.js';
import { MemorySink } from './memorySink.js';

export const IMAGE_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'export', 'image');
/** The golden examples (docs/export-formats.md#test-fixtures), kept with the text formats' fixtures. */
export const GOLDEN_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'export', 'golden');
export const MEDIA_ROOT = join(IMAGE_FIXTURES, 'media');

/** A context over a label config whose uploads resolve into test/fixtures/export/image/media. */
export function imageExportContext(
  labelConfig: string,
  options: { downloadResources?: boolean; mediaRoot?: string } = {},
): ExportContext {
  const analysis = analyzeLabelConfig(labelConfig);
  const mediaRoot = options.mediaRoot ?? MEDIA_ROOT;
  return {
    project: {
      id: 1,
      title: 'Images',
      label_config: labelConfig,
      parsed_label_config: analysis.parsed_label_config,
      data_types: analysis.data_types,
    },
    downloadResources: options.downloadResources ?? false,
    resolveMedia(url) {
      const match = /^\/data\/(upload\/.+)$/.exec(url);
      if (!match) return null;
      const path = join(mediaRoot, ...match[1]!.split('/'));
      return existsSync(path) ? path : null;
    },
    signal: new AbortController().signal,
  };
}

/** The tasks of a JSON export file, or a list given inline. */
export function loadTasks(pathOrTasks: string | ExportTask[]): () => AsyncIterable<ExportTask> {
  const tasks =
    typeof pathOrTasks === 'string' ? (JSON.parse(readFileSync(pathOrTasks, 'utf8')) as ExportTask[]) : pathOrTasks;
  return async function* () {
    yield* tasks;
  };
}

/** Runs a writer into a fresh MemorySink. */
export async function runWriter(
  writer: ExportFormatWriter,
  tasks: string | ExportTask[],
  ctx: ExportContext,
): Promise<MemorySink> {
  const sink = new MemorySink();
  try {
    await writer.write(loadTasks(tasks), ctx, sink);
  } finally {
    sink.dispose();
  }
  return sink;
}
