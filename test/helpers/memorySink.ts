import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportSink } from '../../electron/core/domain/export/exportTypes.js';

/** One entry a writer added: a file's bytes, or a directory (path ending in `/`, empty bytes). */
export interface MemoryEntry {
  path: string;
  bytes: Buffer;
  /** Set for entries added with addLocalFile. */
  localPath?: string;
}

/** An ExportSink that keeps every entry in memory, in the order added, for writer tests. */
export class MemorySink implements ExportSink {
  readonly entries: MemoryEntry[] = [];
  private temp: string | null = null;

  async addFile(path: string, content: string | Uint8Array): Promise<void> {
    this.push({ path, bytes: Buffer.from(content) });
  }

  async addStream(path: string, chunks: AsyncIterable<string | Uint8Array>): Promise<void> {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(Buffer.from(chunk));
    this.push({ path, bytes: Buffer.concat(parts) });
  }

  async addLocalFile(path: string, localPath: string): Promise<void> {
    this.push({ path, bytes: readFileSync(localPath), localPath });
  }

  async tempDir(): Promise<string> {
    this.temp ??= mkdtempSync(join(tmpdir(), 'outpost-sink-'));
    return this.temp;
  }

  /** Entry paths in order. */
  paths(): string[] {
    return this.entries.map((entry) => entry.path);
  }

  /** Files only (no directory entries), path -> bytes. */
  files(): Map<string, Buffer> {
    return new Map(this.entries.filter((entry) => !entry.path.endsWith('/')).map((entry) => [entry.path, entry.bytes]));
  }

  text(path: string): string {
    const entry = this.entries.find((candidate) => candidate.path === path);
    if (!entry) throw new Error(`No entry ${path}; entries: ${this.paths().join(', ')}`);
    return entry.bytes.toString('utf8');
  }

  dispose(): void {
    if (this.temp) rmSync(this.temp, { recursive: true, force: true });
    this.temp = null;
  }

  private push(entry: MemoryEntry): void {
    if (this.entries.some((existing) => existing.path === entry.path)) {
      throw new Error(`Entry added twice: ${entry.path}`);
    }
    this.entries.push(entry);
  }
}
