import type { ParsedLabelConfig } from '../../../../shared/label-config/types.js';

/**
 * One task of the JSON export (docs/export-formats.md#json), in the key order
 * Label Studio writes, with `$undefined$` already replaced. Annotations are full objects,
 * predictions ids (easy export) or objects (snapshots), drafts expanded. Float columns
 * (`lead_time`, a prediction's `score` and `mislabeling`) are `PyFloat`s (encode/pyFloat.ts) so
 * that they print as Python prints floats (`8.0`); everything else is plain JSON values.
 */
export type ExportTask = Record<string, unknown> & {
  id: number;
  data: Record<string, unknown>;
  annotations: Record<string, unknown>[];
  predictions: unknown[];
  drafts: unknown[];
};

/** What a format writer may know about the export besides the tasks. */
export interface ExportContext {
  project: {
    id: number;
    title: string;
    label_config: string;
    parsed_label_config: ParsedLabelConfig;
    data_types: Record<string, string>;
  };
  /**
   * Copy media into the output (docs/export-formats.md#media-in-exports); some formats force it on
   * or off.
   */
  downloadResources: boolean;
  /**
   * The absolute local path of a media file the data folder holds (uploads; later the sync
   * cache) for a task data URL such as `/data/upload/1/x.jpg`, else null.
   */
  resolveMedia(url: string): string | null;
  /** Aborted when the client disconnects or the export is cancelled: stop reading and writing. */
  signal: AbortSignal;
  /**
   * The same tasks as the writer's `tasks()`, already written as `encodeJson(task, UJSON_COMPACT)`
   * each, when the task source can write them faster than encoding the objects: pieces of the
   * comma-separated task list (no brackets; a `,` goes between two pieces). Absent for other
   * sources (snapshot conversions).
   */
  ujsonTasks?: () => AsyncIterable<string>;
}

/** Where a writer puts its output; paths are relative, `/`-separated, with no leading slash. */
export interface ExportSink {
  addFile(path: string, content: string | Uint8Array): Promise<void>;
  addStream(path: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void>;
  addLocalFile(path: string, localPath: string): Promise<void>;
  /** A scratch directory, removed after the export. */
  tempDir(): Promise<string>;
}

export interface ExportFormatWriter {
  name: string;
  /**
   * 'file': the writer calls `sink.addStream` (or `addFile`) exactly once and that entry becomes the
   * response body. 'zip': the writer adds entries (a directory is an `addFile` whose path ends in
   * `/`, with empty content) and the pipeline streams them as a zip; as Label Studio does, a
   * writer that adds exactly one file and nothing else gets that file sent bare instead.
   */
  output: 'file' | 'zip';
  /** The download name's extension, with the dot: '.json', '.csv', '.conll', '.zip'. */
  extension: string;
  /** `tasks()` may be called more than once (two-pass formats); each call reads from the start. */
  write(tasks: () => AsyncIterable<ExportTask>, ctx: ExportContext, sink: ExportSink): Promise<void>;
}
