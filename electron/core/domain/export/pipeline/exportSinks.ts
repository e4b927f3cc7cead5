import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ExportSink } from '../exportTypes.js';
import type { ByteChannel } from './byteChannel.js';
import { ZipWriter } from './zipWriter.js';

/** What the response headers need, known once the writer has shown what it produces. */
export interface ExportShape {
  /** The download name's extension with its dot ('.json', '.zip'). */
  extension: string;
}

const CHUNK_CHARS = 64 * 1024;

const utf8 = new TextEncoder();

/**
 * A string's UTF-8 bytes, as `Buffer.from(text, 'utf8')` gives them (both write a lone surrogate
 * as U+FFFD). Most export text is ASCII: one pass of `encodeInto` into a buffer of the string's
 * length fills it exactly, where Buffer.from measures the string first and then writes it. Text
 * that does not fit (non-ASCII) has its rest encoded on its own; `encodeInto` stops at a character
 * boundary, so the two parts are the bytes of the whole.
 */
function* utf8Chunks(text: string): Generator<Uint8Array> {
  const bytes = Buffer.allocUnsafe(text.length);
  const { read, written } = utf8.encodeInto(text, bytes);
  if (written > 0) yield bytes.subarray(0, written);
  if (read < text.length) yield Buffer.from(text.slice(read), 'utf8');
}

/**
 * Writers yield small strings (one task, one row); the channel gets chunks of about 64 KiB.
 * Strings are joined before encoding, which is much cheaper than encoding each one.
 */
export async function* coalesce(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  let text = '';
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') {
      text += chunk;
      if (text.length >= CHUNK_CHARS) {
        yield* utf8Chunks(text);
        text = '';
      }
      continue;
    }
    if (text) yield* utf8Chunks(text);
    text = '';
    if (chunk.byteLength > 0) yield chunk;
  }
  if (text) yield* utf8Chunks(text);
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

interface SinkParts {
  channel: ByteChannel;
  decide(shape: ExportShape): void;
  tempDir(): Promise<string>;
  signal: AbortSignal;
}

/** The shared part of both sinks: the scratch directory and the abort check on each chunk. */
abstract class BaseSink implements ExportSink {
  constructor(protected readonly parts: SinkParts) {}

  tempDir(): Promise<string> {
    return this.parts.tempDir();
  }

  abstract addFile(path: string, content: string | Uint8Array): Promise<void>;
  abstract addStream(path: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void>;
  abstract addLocalFile(path: string, localPath: string): Promise<void>;
  abstract close(): Promise<void>;

  protected async *checked(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      this.parts.signal.throwIfAborted();
      yield chunk;
    }
  }
}

/** A 'file' writer: its one entry is the response body, sent as it is produced. */
export class FileSink extends BaseSink {
  private used = false;

  constructor(
    parts: SinkParts,
    private readonly extension: string,
  ) {
    super(parts);
  }

  async addStream(path: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void> {
    if (this.used) throw new Error(`A file export writes one file; ${path} is a second one`);
    this.used = true;
    this.parts.decide({ extension: this.extension });
    for await (const chunk of this.checked(coalesce(chunks))) await this.parts.channel.push(chunk);
  }

  addFile(path: string, content: string | Uint8Array): Promise<void> {
    return this.addStream(path, [toBytes(content)] as unknown as AsyncIterable<Uint8Array>);
  }

  addLocalFile(path: string, localPath: string): Promise<void> {
    return this.addStream(path, createReadStream(localPath));
  }

  async close(): Promise<void> {
    this.parts.decide({ extension: this.extension });
  }
}

type HeldEntry = { path: string; isDirectory: boolean; localPath: string | null; bytes: Uint8Array | null };

/**
 * A 'zip' writer's entries, streamed as a zip. Label Studio sends a lone file bare instead
 * (docs/export-formats.md#packaging), so the first entry is held (spooled to the scratch dir if it
 * is a stream) until a second one shows the output is really an archive.
 */
export class ZipSink extends BaseSink {
  private zip: ZipWriter | null = null;
  private held: HeldEntry | null = null;
  private spools = 0;

  constructor(
    parts: SinkParts,
    private readonly modified: Date,
  ) {
    super(parts);
  }

  async addFile(path: string, content: string | Uint8Array): Promise<void> {
    const isDirectory = path.endsWith('/');
    await this.add({ path, isDirectory, localPath: null, bytes: isDirectory ? null : toBytes(content) });
  }

  async addLocalFile(path: string, localPath: string): Promise<void> {
    await this.add({ path, isDirectory: false, localPath, bytes: null });
  }

  async addStream(path: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void> {
    if (this.zip || this.held) {
      await this.add({ path, isDirectory: false, localPath: null, bytes: null }, chunks);
      return;
    }
    this.spools += 1;
    const spool = join(await this.tempDir(), `held-${this.spools}`);
    const file = await open(spool, 'w');
    try {
      for await (const chunk of this.checked(coalesce(chunks))) await file.write(chunk);
    } finally {
      await file.close();
    }
    this.held = { path, isDirectory: false, localPath: spool, bytes: null };
  }

  async close(): Promise<void> {
    const held = this.held;
    if (!this.zip && held && !held.isDirectory) {
      this.parts.decide({ extension: extname(held.path) });
      for await (const chunk of this.checked(this.contentOf(held))) await this.parts.channel.push(chunk);
      return;
    }
    await (await this.ensureZip()).finish();
  }

  private async add(entry: HeldEntry, chunks?: AsyncIterable<string | Uint8Array>): Promise<void> {
    if (!this.zip && !this.held && !chunks) {
      this.held = entry;
      return;
    }
    await this.writeEntry(await this.ensureZip(), entry, chunks);
  }

  /** From the second entry on the output is a zip: the held entry goes first. */
  private async ensureZip(): Promise<ZipWriter> {
    if (this.zip) return this.zip;
    this.parts.decide({ extension: '.zip' });
    const zip = new ZipWriter((bytes) => this.parts.channel.push(bytes), this.modified);
    this.zip = zip;
    const held = this.held;
    this.held = null;
    if (held) await this.writeEntry(zip, held);
    return zip;
  }

  private async writeEntry(zip: ZipWriter, entry: HeldEntry, chunks?: AsyncIterable<string | Uint8Array>) {
    if (entry.isDirectory) await zip.addDirectory(entry.path);
    else await zip.addFile(entry.path, this.checked(chunks ? coalesce(chunks) : this.contentOf(entry)));
  }

  private async *contentOf(entry: HeldEntry): AsyncGenerator<Uint8Array> {
    if (entry.bytes) yield entry.bytes;
    else if (entry.localPath) yield* createReadStream(entry.localPath) as AsyncIterable<Uint8Array>;
  }
}
