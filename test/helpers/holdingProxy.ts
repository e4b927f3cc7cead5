import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A plain HTTP proxy on 127.0.0.1 in front of a real server, which can hold chosen requests until
 * the test lets them go: a sync run can then be looked at mid-way (e.g. while pulling page 3 of a
 * project) without racing it. Everything else is passed through byte for byte.
 */

export interface HoldingProxy {
  url: string;
  /** Requests for which `predicate(method, path with query)` is true wait from now on. */
  hold(predicate: (method: string, path: string) => boolean): void;
  /** Resolves once a held request has arrived. */
  waitForHeld(): Promise<void>;
  /** Stops holding and sends every waiting request on. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let predicate: ((method: string, path: string) => boolean) | null = null;
  let waiting: (() => void)[] = [];
  let heldListeners: (() => void)[] = [];

  const forward = (incoming: IncomingMessage, reply: ServerResponse) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (response) => {
        reply.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(reply);
      },
    );
    outgoing.on('error', () => reply.destroy());
    incoming.pipe(outgoing);
  };

  const server: Server = createServer((incoming, reply) => {
    if (predicate?.(incoming.method ?? 'GET', incoming.url ?? '/')) {
      incoming.pause();
      waiting.push(() => forward(incoming, reply));
      for (const listener of heldListeners) listener();
      heldListeners = [];
      return;
    }
    forward(incoming, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    hold(next) {
      predicate = next;
    },
    waitForHeld: () =>
      waiting.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => heldListeners.push(resolve)),
    release() {
      predicate = null;
      const queued = waiting;
      waiting = [];
      for (const send of queued) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
