import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createClient } from 'redis';

/*
 * A throwaway redis-server for the Redis storage tests: Debian's binary on a free port of
 * 127.0.0.1, nothing persisted, optionally with a password. Each test file starts its own and
 * stops it, so tests never touch a Redis the machine already runs.
 */

const READY_TIMEOUT_MS = 10_000;

function testClient(port: number, password: string | null, db: number) {
  const client = createClient({
    socket: { host: '127.0.0.1', port, reconnectStrategy: false },
    ...(password === null ? {} : { password }),
    database: db,
  });
  client.on('error', () => undefined);
  return client;
}
export type TestRedisClient = ReturnType<typeof testClient>;

export interface RedisServer {
  host: string;
  /** As Label Studio's `port` field takes it: a string. */
  port: string;
  password: string | null;
  /** A connected client on database `db`, for seeding and checking keys; the caller closes it. */
  client(db: number): Promise<TestRedisClient>;
  stop(): Promise<void>;
}

function findBinary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new Error(
    `${name} was not found on PATH. The Redis storage tests start their own server: install Debian's ` +
      'redis-server (apt-get install redis-server).',
  );
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether a Redis answers on the port: `+PONG`, or `-NOAUTH` when it wants a password. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString('latin1'))));
  });
}

async function waitUntilReady(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}:\n${output()}`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer PING on port ${port} within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(killer);
}

export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  const binary = findBinary('redis-server');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'outpost-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  if (options.password) args.push('--requirepass', options.password);
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilReady(child, port, () => output);
  const password = options.password ?? null;
  return {
    host: '127.0.0.1',
    port: String(port),
    password,
    async client(db) {
      const client = testClient(port, password, db);
      await client.connect();
      return client;
    },
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
