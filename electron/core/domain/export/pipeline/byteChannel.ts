/**
 * A bounded queue of bytes between an export writer (producer) and the response or file
 * (consumer). `push` waits while more than `highWaterBytes` are queued, which keeps memory bounded
 * whatever the export's size; once the consumer cancels, `push` rejects so the writer stops.
 */
export class ByteChannel {
  private readonly chunks: Uint8Array[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: unknown = null;
  private cancelled: unknown = null;
  private wakeConsumer: (() => void) | null = null;
  private wakeProducer: (() => void) | null = null;

  constructor(private readonly highWaterBytes = 1 << 20) {}

  async push(chunk: Uint8Array): Promise<void> {
    if (this.cancelled !== null) throw this.cancelled;
    if (chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.queuedBytes += chunk.byteLength;
    this.wake('consumer');
    while (this.queuedBytes > this.highWaterBytes && this.cancelled === null) {
      await new Promise<void>((resolve) => (this.wakeProducer = resolve));
    }
    if (this.cancelled !== null) throw this.cancelled;
  }

  end(): void {
    this.ended = true;
    this.wake('consumer');
  }

  fail(error: unknown): void {
    this.failure = error ?? new Error('Export failed');
    this.wake('consumer');
  }

  /** The consumer went away: drop what is queued and make the producer's next push throw. */
  cancel(reason: unknown): void {
    this.cancelled = reason ?? new DOMException('The export was cancelled', 'AbortError');
    this.chunks.length = 0;
    this.queuedBytes = 0;
    this.wake('producer');
  }

  /** The next chunk, or null at the end; throws the producer's error. */
  async next(): Promise<Uint8Array | null> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        this.queuedBytes -= chunk.byteLength;
        if (this.queuedBytes <= this.highWaterBytes) this.wake('producer');
        return chunk;
      }
      if (this.failure !== null) throw this.failure;
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
    }
  }

  private wake(side: 'consumer' | 'producer'): void {
    const wake = side === 'consumer' ? this.wakeConsumer : this.wakeProducer;
    if (side === 'consumer') this.wakeConsumer = null;
    else this.wakeProducer = null;
    wake?.();
  }
}
