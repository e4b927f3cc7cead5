import { createServer } from 'node:net';

/** Ports after a taken one that are tried before any free port will do: nearby numbers are easier to read. */
const NEARBY_TRIES = 10;

/** Whether `port` can be bound on `host` now (the probe is closed again at once). */
function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * `preferred` when it is free, else the next free one of the few after it, else 0 (the OS
 * picks). Only refusals to bind move on; anything else is for the real listen to report.
 */
export async function choosePort(host: string, preferred: number): Promise<number> {
  if (preferred === 0 || (await canListen(host, preferred))) return preferred;
  for (let port = preferred + 1; port <= Math.min(65535, preferred + NEARBY_TRIES); port += 1) {
    if (await canListen(host, port)) return port;
  }
  return 0;
}
