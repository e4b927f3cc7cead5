import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportContext, ExportFormatWriter, ExportTask } from '../exportTypes.js';
import { ByteChannel } from './byteChannel.js';
import { type ExportShape, FileSink, ZipSink } from './exportSinks.js';

export interface ExportOutput {
  /** '.json', '.csv', '.conll', '.zip', or a lone file's own extension. */
  extension: string;
  /** `application/` + the extension with its dot (Label Studio's quirk), or `application/zip`. */
  contentType: string;
  /** Produced on demand: nothing is read from the database faster than it is consumed. */
  body: ReadableStream<Uint8Array>;
}

export interface RunExportInput {
  writer: ExportFormatWriter;
  /** Called once per pass the writer makes; each call reads from the first task. */
  tasks: (signal: AbortSignal) => AsyncIterable<ExportTask>;
  /** The same tasks as compact ujson text, if the source can write it (ExportContext.ujsonTasks). */
  ujsonTasks?: (signal: AbortSignal) => AsyncIterable<string>;
  context: Omit<ExportContext, 'signal' | 'ujsonTasks'>;
  /** Aborted when the client goes away; the export then stops reading and writing. */
  signal?: AbortSignal;
  /** The zip entries' modification time. */
  now: Date;
}

/**
 * Starts a writer and resolves once the shape of its output is known (the writer added its first
 * file, or its second zip entry), so errors raised before any byte exists still become a proper
 * error response. The rest streams through a bounded channel as the body is read.
 */
export function runExport(input: RunExportInput): Promise<ExportOutput> {
  const abort = new AbortController();
  const onUpstreamAbort = () => abort.abort(input.signal?.reason);
  if (input.signal?.aborted) abort.abort(input.signal.reason);
  input.signal?.addEventListener('abort', onUpstreamAbort, { once: true });
  const signal = abort.signal;
  const channel = new ByteChannel();
  signal.addEventListener('abort', () => channel.cancel(signal.reason), { once: true });

  let temp: Promise<string> | null = null;
  const tempDir = () => (temp ??= mkdtemp(join(tmpdir(), 'outpost-export-')));

  let resolveShape!: (shape: ExportShape) => void;
  let rejectShape!: (error: unknown) => void;
  const shape = new Promise<ExportShape>((resolve, reject) => {
    resolveShape = resolve;
    rejectShape = reject;
  });
  const parts = { channel, decide: (decided: ExportShape) => resolveShape(decided), tempDir, signal };
  const sink =
    input.writer.output === 'file' ? new FileSink(parts, input.writer.extension) : new ZipSink(parts, input.now);
  const ujsonTasks = input.ujsonTasks;
  const context: ExportContext = { ...input.context, signal };
  if (ujsonTasks) context.ujsonTasks = () => ujsonTasks(signal);

  void (async () => {
    try {
      signal.throwIfAborted();
      await input.writer.write(() => input.tasks(signal), context, sink);
      await sink.close();
      channel.end();
    } catch (error) {
      rejectShape(error);
      channel.fail(error);
      abort.abort(error);
    } finally {
      input.signal?.removeEventListener('abort', onUpstreamAbort);
      if (temp) await rm(await temp, { recursive: true, force: true }).catch(() => undefined);
    }
  })();

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await channel.next();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      cancel(reason) {
        abort.abort(reason ?? new DOMException('The client went away', 'AbortError'));
      },
    },
    { highWaterMark: 0 },
  );
  return shape.then(({ extension }) => ({
    extension,
    contentType: extension === '.zip' ? 'application/zip' : `application/${extension}`,
    body,
  }));
}
