import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const FLUSH_BYTES = 1 << 20;
const WINDOW_BYTES = 1 << 20;

/**
 * An append-only scratch file in the export's temp dir, so a big JSON array or a long list never
 * sits whole in memory. Writes are buffered; `chunks()` streams the content back after `close()`.
 */
export class SpoolFile {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(dir: string, name: string): Promise<SpoolFile> {
    const path = join(dir, name);
    return new SpoolFile(path, await open(path, 'w+'));
  }

  /** Bytes appended so far; the offset the next append starts at. */
  get size(): number {
    return this.written + this.pendingBytes;
  }

  async append(content: string | Uint8Array): Promise<void> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle.write(data, 0, data.length, this.written);
    this.written += data.length;
  }

  /** Bytes at [offset, offset + length), flushing first. */
  async read(offset: number, length: number): Promise<Buffer> {
    await this.flush();
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, done, length - done, offset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buffer;
  }

  /** Streams everything appended; call after the last append. */
  async *chunks(): AsyncIterable<Uint8Array> {
    await this.flush();
    if (this.written === 0) return;
    for await (const chunk of createReadStream(this.path, { start: 0, end: this.written - 1 })) {
      yield chunk as Buffer;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }
}

/**
 * Files that later writes may replace (YOLO label files, VOC XML: "the oldest annotation wins",
 * docs/export-image-formats.md#pascal-voc, #yolo), kept on disk: each key maps to its latest span
 * in one spool file. Only the key index stays in memory. Keys come back in first-written order.
 */
export class KeyedSpool {
  private readonly spans = new Map<string, [number, number]>();

  private constructor(private readonly spool: SpoolFile) {}

  static async create(dir: string, name: string): Promise<KeyedSpool> {
    return new KeyedSpool(await SpoolFile.create(dir, name));
  }

  has(key: string): boolean {
    return this.spans.has(key);
  }

  async put(key: string, content: string): Promise<void> {
    const bytes = Buffer.from(content, 'utf8');
    this.spans.set(key, [this.spool.size, bytes.length]);
    await this.spool.append(bytes);
  }

  /** Latest content per key. Spans mostly ascend, so reads go through a 1 MB window. */
  async *entries(): AsyncIterable<[string, Buffer]> {
    let windowStart = 0;
    let window: Buffer = Buffer.alloc(0);
    for (const [key, [offset, length]] of this.spans) {
      if (offset < windowStart || offset + length > windowStart + window.length) {
        windowStart = offset;
        window = await this.spool.read(offset, Math.min(Math.max(length, WINDOW_BYTES), this.spool.size - offset));
      }
      yield [key, window.subarray(offset - windowStart, offset - windowStart + length)];
    }
  }

  async close(): Promise<void> {
    await this.spool.close();
  }
}
