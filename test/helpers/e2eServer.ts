import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { spawnCli, type SpawnCliOptions, type SpawnedCli } from './spawnCli.js';

/** Screenshots are test artifacts (gitignored), looked at by people, never compared. */
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

/** A JSON value (sent as application/json) or a multipart form. */
export type ApiBody = FormData | object;

export interface E2eServer {
  cli: SpawnedCli;
  /** The server's origin, e.g. http://127.0.0.1:12345. */
  origin: string;
  /** The temporary data folder it was started on, removed by `stop`. */
  dataDir: string;
  /** A request with the legacy token, whatever its status: for tests that expect a refusal or read bytes. */
  request(method: string, path: string, body?: ApiBody): Promise<Response>;
  /** A request with the legacy token that must succeed (status < 300); its JSON body, or null if empty. */
  api<T = unknown>(method: string, path: string, body?: ApiBody): Promise<T>;
  /** Stops the CLI and removes the data folder. */
  stop(): Promise<void>;
}

export interface E2eServerOptions extends SpawnCliOptions {
  /** The CLI command and its flags before `--data` (default `['serve']`). */
  command?: string[];
  /** Flags after `--data <dir> --port 0`. */
  args?: string[];
}

/**
 * Runs `outpost serve --data <fresh temp dir> --port 0` (or `options.command`) and gives an API client
 * signed in with the legacy token it printed. `name` makes the temp folder recognizable.
 */
export async function startE2eServer(name: string, options: E2eServerOptions = {}): Promise<E2eServer> {
  const { command = ['serve'], args = [], ...spawnOptions } = options;
  const dataDir = mkdtempSync(join(tmpdir(), `outpost-e2e-${name}-`));
  let cli: SpawnedCli;
  try {
    cli = await spawnCli([...command, '--data', dataDir, '--port', '0', ...args], spawnOptions);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  function request(method: string, path: string, body?: ApiBody): Promise<Response> {
    const isForm = body instanceof FormData;
    return fetch(`${cli.url}${path}`, {
      method,
      headers: {
        Authorization: `Token ${cli.token}`,
        ...(isForm || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  }

  return {
    cli,
    origin: new URL(cli.url).origin,
    dataDir,
    request,
    async api<T>(method: string, path: string, body?: ApiBody): Promise<T> {
      const response = await request(method, path, body);
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text.slice(0, 500)}`).toBeLessThan(300);
      return (text ? JSON.parse(text) : null) as T;
    },
    async stop() {
      try {
        await cli.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
