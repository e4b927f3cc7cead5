import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A plain HTTP proxy between Outpost's sync and a remote, counting what crosses it per endpoint:
 * requests, bytes sent (request line, headers, body) and bytes received (status line, headers,
 * body as sent on the wire, compressed or not). An endpoint is the method, the path with its
 * numbers as `{n}`, and the names (not values) of its query parameters, so `/api/tasks/?include=`
 * and `/api/tasks/?fields=&query=` are told apart. Used to measure what a sync moves.
 */

export interface EndpointTally {
  requests: number;
  sent: number;
  received: number;
  /** Summed time from each request's arrival to the end of its answer (overlapping ones both count). */
  ms: number;
}

export interface ByteCountingProxy {
  url: string;
  /** Tallies since the last reset, by endpoint. */
  tallies(): Map<string, EndpointTally>;
  /** Sum over every endpoint. */
  total(): EndpointTally;
  /** Each request's method and target (path and query) since the last reset, in arrival order. */
  targets(): string[];
  reset(): void;
  /** Resolves once no request has been in flight for `quietMs` (something Outpost started on its own, like its editor download, is over). */
  quiet(quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function endpointOf(method: string, target: string): string {
  const url = new URL(target, 'http://proxy.invalid');
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/{n}');
  const names = [...new Set(url.searchParams.keys())].sort();
  return `${method} ${path}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

function headerBytes(firstLine: string, rawHeaders: readonly string[]): number {
  let bytes = Buffer.byteLength(firstLine) + 2 + 2;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    bytes += Buffer.byteLength(`${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`);
  }
  return bytes;
}

export async function startByteCountingProxy(upstream: string): Promise<ByteCountingProxy> {
  const target = new URL(upstream);
  let tallies = new Map<string, EndpointTally>();
  let targets: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const tallyOf = (endpoint: string): EndpointTally => {
    let tally = tallies.get(endpoint);
    if (!tally) tallies.set(endpoint, (tally = { requests: 0, sent: 0, received: 0, ms: 0 }));
    return tally;
  };

  const server: Server = createServer((incoming, outgoing) => {
    const tally = tallyOf(endpointOf(incoming.method ?? 'GET', incoming.url ?? '/'));
    tally.requests += 1;
    targets.push(`${incoming.method ?? 'GET'} ${incoming.url ?? '/'}`);
    inFlight += 1;
    const arrived = performance.now();
    lastActivity = Date.now();
    outgoing.on('close', () => {
      inFlight -= 1;
      tally.ms += performance.now() - arrived;
      lastActivity = Date.now();
    });
    tally.sent += headerBytes(`${incoming.method} ${incoming.url} HTTP/1.1`, incoming.rawHeaders);
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
    const upstreamRequest = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        tally.received += headerBytes(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`, answer.rawHeaders);
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.on('data', (chunk: Buffer) => {
          tally.received += chunk.length;
          outgoing.write(chunk);
        });
        answer.on('end', () => outgoing.end());
        answer.on('error', () => outgoing.destroy());
      },
    );
    upstreamRequest.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.on('data', (chunk: Buffer) => {
      tally.sent += chunk.length;
      upstreamRequest.write(chunk);
    });
    incoming.on('end', () => upstreamRequest.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tallies: () => new Map(tallies),
    total() {
      const sum = { requests: 0, sent: 0, received: 0, ms: 0 };
      for (const tally of tallies.values()) {
        sum.requests += tally.requests;
        sum.sent += tally.sent;
        sum.received += tally.received;
        sum.ms += tally.ms;
      }
      return sum;
    },
    targets: () => [...targets],
    reset() {
      tallies = new Map();
      targets = [];
    },
    async quiet(quietMs = 2_000) {
      while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The tallies as a table, largest first, for a bench's or a report's output. */
export function formatTallies(title: string, proxy: Pick<ByteCountingProxy, 'tallies' | 'total'>): string {
  const rows = [...proxy.tallies()].sort((a, b) => b[1].received + b[1].sent - (a[1].received + a[1].sent));
  const total = proxy.total();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = rows.map(
    ([endpoint, tally]) =>
      `  ${String(tally.requests).padStart(6)}  ${kb(tally.sent).padStart(11)}  ${kb(tally.received).padStart(12)}  ${seconds(tally.ms).padStart(9)}  ${endpoint}`,
  );
  return [
    `${title}: ${total.requests} requests, ${kb(total.sent)} sent, ${kb(total.received)} received`,
    `  ${'reqs'.padStart(6)}  ${'sent'.padStart(11)}  ${'received'.padStart(12)}  ${'time'.padStart(9)}  endpoint`,
    ...lines,
  ].join('\n');
}
