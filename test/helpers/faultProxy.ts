import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A small HTTP proxy on 127.0.0.1 in front of a remote Outpost, for fault-tolerance tests. Each
 * request is matched against the rules in order; a rule fires for its first `times` matches, or
 * with `probability` per match drawn from a seeded generator (same seed, same faults for the same
 * sequence of requests). Bodies are streamed both ways, so uploads and large pages pass as they
 * would through any reverse proxy. A held request marks a known point of a client's run, where a
 * test can kill the client without racing it.
 */

export type FaultAction =
  /** The connection is closed as soon as the request line arrives: the remote never sees it. */
  | { kind: 'drop-request' }
  /** The remote handles the request fully, then the connection is closed before any byte of the answer. */
  | { kind: 'drop-response' }
  /** The remote handles it; the status, headers and part of the body are sent, then the connection is cut. */
  | { kind: 'cut-response' }
  /** Answered by the proxy itself; the remote never sees the request. */
  | { kind: 'status'; status: 429 | 500 | 502 | 503; retryAfter?: string }
  /** Forwarded after a pause (other rules still apply). */
  | { kind: 'latency'; ms: number }
  /**
   * Kept at the proxy until the client hangs up, `at: 'request'` before the remote sees it,
   * `at: 'response'` once the remote has answered in full (the answer never goes out).
   * `nextHeld()` resolves then.
   */
  | { kind: 'hold'; at: 'request' | 'response' };

export interface FaultRule {
  /** Any method when absent. */
  method?: string;
  /** Tested against the path with its query string, e.g. `/api/tasks/?project=1&page=2`. */
  path: RegExp;
  action: FaultAction;
  /** Fires for the first `times` matching requests (takes precedence over `probability`). */
  times?: number;
  /** Lets the first `skip` matching requests through untouched; the rule applies from the next one. */
  skip?: number;
  /** Fires for each matching request with this probability (default 1). */
  probability?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The faults applied to it, e.g. `latency 20`, `drop-response`; empty when it went through as is. */
  faults: string[];
}

export interface FaultProxy {
  url: string;
  /** Replaces the rules (and restarts the seeded generator). */
  setFaults(rules: FaultRule[], seed?: number): void;
  /** No more faults: every request goes through untouched. */
  clearFaults(): void;
  /** Every request seen, in arrival order. */
  readonly log: ProxiedRequest[];
  /** The next request a `hold` rule keeps (or one kept already and not yet returned). */
  nextHeld(): Promise<ProxiedRequest>;
  /** The requests that had a fault other than latency, as `<fault> <METHOD> <path>`. */
  injected(): string[];
  close(): Promise<void>;
}

/** mulberry32: a tiny deterministic generator, enough to pick faults reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function label(action: FaultAction): string {
  if (action.kind === 'status') return `status ${action.status}`;
  if (action.kind === 'latency') return `latency ${action.ms}`;
  if (action.kind === 'hold') return `hold ${action.at}`;
  return action.kind;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rules: { rule: FaultRule; fired: number; matched: number }[] = [];
  let random = seededRandom(1);
  const log: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const held: ProxiedRequest[] = [];
  let heldListeners: ((entry: ProxiedRequest) => void)[] = [];

  function announceHeld(entry: ProxiedRequest): void {
    const listeners = heldListeners;
    heldListeners = [];
    if (listeners.length === 0) held.push(entry);
    for (const listener of listeners) listener(entry);
  }

  /** The faults that fire for this request: any latencies, then at most one other action. */
  function pick(method: string, path: string): FaultAction[] {
    const picked: FaultAction[] = [];
    for (const entry of rules) {
      const { rule } = entry;
      if ((rule.method !== undefined && rule.method !== method) || !rule.path.test(path)) continue;
      entry.matched += 1;
      if (entry.matched <= (rule.skip ?? 0)) continue;
      const fires = rule.times !== undefined ? entry.fired < rule.times : random() < (rule.probability ?? 1);
      if (!fires) continue;
      entry.fired += 1;
      picked.push(rule.action);
      if (rule.action.kind !== 'latency') break;
    }
    return picked;
  }

  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    final: FaultAction | undefined,
    entry: ProxiedRequest,
  ): void {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        if (final?.kind === 'drop-response') {
          // Read the whole answer (the remote has committed by then), then hang up without a byte.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        if (final?.kind === 'hold') {
          answer.resume();
          answer.on('end', () => announceHeld(entry));
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (final?.kind === 'cut-response') {
          res.flushHeaders();
          let cut = false;
          answer.on('data', (chunk: Buffer) => {
            if (cut) return;
            cut = true;
            // Half of the first chunk goes out, then the connection is cut mid-body.
            res.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)), () => req.socket.destroy());
          });
          answer.on('end', () => {
            if (!cut) req.socket.destroy();
          });
          return;
        }
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => req.socket.destroy());
    req.pipe(outgoing);
  }

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const actions = pick(method, path);
    const entry: ProxiedRequest = { method, path, faults: actions.map(label) };
    log.push(entry);
    void (async () => {
      for (const action of actions) if (action.kind === 'latency') await sleep(action.ms);
      const final = actions.find((action) => action.kind !== 'latency');
      if (final?.kind === 'hold' && final.at === 'request') {
        announceHeld(entry);
        return;
      }
      if (final?.kind === 'drop-request') {
        req.socket.destroy();
        return;
      }
      if (final?.kind === 'status') {
        req.resume();
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (final.retryAfter !== undefined) headers['Retry-After'] = final.retryAfter;
        res.writeHead(final.status, headers);
        res.end(JSON.stringify({ status_code: final.status, detail: `injected ${final.status}` }));
        return;
      }
      forward(req, res, final, entry);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setFaults(next, seed = 1) {
      rules = next.map((rule) => ({ rule, fired: 0, matched: 0 }));
      random = seededRandom(seed);
    },
    clearFaults() {
      rules = [];
    },
    nextHeld: () => {
      const waiting = held.shift();
      return waiting ? Promise.resolve(waiting) : new Promise((resolve) => heldListeners.push(resolve));
    },
    injected: () =>
      log.flatMap((entry) =>
        entry.faults
          .filter((fault) => !fault.startsWith('latency'))
          .map((fault) => `${fault} ${entry.method} ${entry.path}`),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
