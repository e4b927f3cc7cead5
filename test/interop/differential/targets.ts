import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { spawnCli } from '../../helpers/spawnCli.js';

/*
 * The two servers a differential test talks to: the real Label Studio of the interop run, and a
 * fresh `outpost serve` over real HTTP on 127.0.0.1. Both are driven by the same requests.
 */

export type Side = 'ls' | 'outpost';
export const SIDES: readonly Side[] = ['ls', 'outpost'];

export interface Reply {
  status: number;
  contentType: string;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  text: string;
}

export interface SendInit {
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data. */
  multipart?: FormData;
  /** A raw body with its own Content-Type header. */
  body?: NonNullable<RequestInit['body']>;
  headers?: Record<string, string>;
  /** `token` (default): the legacy token; `none`: no credentials; anything else: the Authorization header itself. */
  auth?: string;
}

export interface Target {
  side: Side;
  url: string;
  token: string;
  pat: string;
  send(method: string, path: string, init?: SendInit): Promise<Reply>;
}

function parse(text: string, contentType: string): unknown {
  if (!/json/.test(contentType) || text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function httpTarget(side: Side, url: string, token: string, pat: string): Target {
  return {
    side,
    url,
    token,
    pat,
    async send(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const auth = init.auth ?? 'token';
      if (auth === 'token') headers.Authorization = `Token ${token}`;
      else if (auth !== 'none') headers.Authorization = auth;
      let body: NonNullable<RequestInit['body']> | undefined = init.body;
      if (init.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      } else if (init.multipart) {
        body = init.multipart;
      }
      const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.text();
      return { status: response.status, contentType, headers: response.headers, body: parse(text, contentType), text };
    },
  };
}

/** The real Label Studio started by the interop run's global setup. */
export function labelStudioTarget(): Target {
  const ls = inject('labelStudio');
  return httpTarget('ls', ls.url, ls.user.token, ls.user.pat);
}

/**
 * A fresh Outpost server (`outpost serve`) on its own data folder, with the same legacy token as Label Studio's user;
 * `env` adds to its environment (the storage cases give it Label Studio's local-files variables).
 */
export async function startOutpostTarget(
  env: NodeJS.ProcessEnv = {},
): Promise<{ target: Target; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-interop-'));
  const ls = inject('labelStudio');
  const cli = await spawnCli(
    ['serve', '--data', dataDir, '--port', '0', '--token', ls.user.token, '--user-email', ls.user.email],
    { env: { ...process.env, ...env } },
  );
  return {
    target: httpTarget('outpost', cli.url, cli.token, cli.pat),
    dataDir,
    stop: async () => {
      await cli.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
