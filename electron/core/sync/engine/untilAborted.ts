/**
 * Waits for `work`, or rejects with the signal's reason as soon as it is aborted, whichever comes
 * first. A cancelled run must end even when a step is stuck on a request that does not listen to
 * the signal (a remote that accepted the connection and went silent); what the step does after
 * that is ignored, and its own failure is swallowed here rather than left unhandled.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('cancelled'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
