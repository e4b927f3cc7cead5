/*
 * Reads a response body as fast as it arrives, whatever the consumer does meanwhile. Node's fetch
 * (undici 7) crashes the whole process when a server closes the connection while a response's
 * parser is paused by backpressure (an AssertionError thrown from the socket's 'end' handler,
 * which nothing can catch): a download written chunk by chunk to disk, from a server that closes
 * after each answer (Label Studio's runserver does, for files), hit it. Draining the body at once
 * never leaves the parser paused; the chunks wait here until written.
 */

export function drainBody(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader();
  const queue: Uint8Array[] = [];
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        queue.push(value);
        notify();
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      notify();
    }
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        // Chunks that arrived before a failure are handed out first: they are on disk for a resume.
        if (queue.length > 0) {
          yield queue.shift()!;
          continue;
        }
        if (failure) throw failure.error;
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
