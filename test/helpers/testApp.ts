import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../electron/core/app.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { DEFAULT_BODY_LIMIT_BYTES, type AppDeps } from '../../electron/core/deps.js';
import type { Timers } from '../../electron/core/domain/timers.js';
import { downloadImportUrl } from '../../electron/core/importers/downloadUrl.js';
import { initializeDatabase } from '../../electron/core/initializeDatabase.js';
import { createFileSecretsVault } from '../../electron/core/domain/secrets/secretVault.js';
import type { LocalFilesRules } from '../../electron/core/storages/storageDeps.js';

export const TEST_TOKEN = '0123456789abcdef0123456789abcdef01234567';

/** A clock tests can move forward, to expire tokens without waiting. */
export function movableClock(start = new Date('2026-01-15T10:00:00.000Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advanceSeconds: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

export interface TestAppOptions {
  bodyLimitBytes?: number;
  allowedHosts?: string[] | null;
  /** A database file instead of :memory: (benchmarks that measure memory). */
  databasePath?: string;
  allowPrivateImportUrls?: boolean;
  /** Local-files storage rules (default: serving off, as Label Studio's default). */
  localFiles?: LocalFilesRules;
  /** The built renderer's folder, for tests of what pages the server gives (default: none). */
  rendererDir?: string | null;
  /** 'electron' for the desktop app's server (default 'serve'). */
  appMode?: AppDeps['appMode'];
  /** Timers of background work (manualTimers() for retraining that waits to be told); the system's by default. */
  timers?: Timers;
}

/** Timers that fire only when told: a test steps past a delay without waiting for it. */
export function manualTimers() {
  let pending: (() => void)[] = [];
  const timers: Timers = {
    setTimeout(callback) {
      pending.push(callback);
      return callback;
    },
    clearTimeout(handle) {
      pending = pending.filter((callback) => callback !== handle);
    },
  };
  return {
    timers,
    pendingCount: () => pending.length,
    /** Fires every pending timer, as if their delays had passed. */
    fireAll() {
      const due = pending;
      pending = [];
      for (const callback of due) callback();
    },
  };
}

/** The real app on a real in-memory SQLite database, driven without a port through app.request. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-data-'));
  const db = openDatabase(options.databasePath ?? ':memory:');
  const time = movableClock();
  // A database file reopened by a later app needs the same secret: it is kept beside the file.
  const secretPath = options.databasePath ? `${options.databasePath}.signing-secret` : undefined;
  const initialized = await initializeDatabase(db, { token: TEST_TOKEN, clock: time.clock, secretPath });
  const deps: AppDeps = {
    ...initialized.ctx,
    ...(options.timers ? { timers: options.timers } : {}),
    allowedHosts: options.allowedHosts === null ? null : new Set(options.allowedHosts ?? ['localhost']),
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    rendererDir: options.rendererDir ?? null,
    outpostVersion: '0.0.0-test',
    dataDir,
    appMode: options.appMode ?? 'serve',
    // A fresh folder per app, so uploads never leak between tests.
    uploadsDir: join(mkdtempSync(join(tmpdir(), 'outpost-uploads-')), 'upload'),
    exportsDir: join(mkdtempSync(join(tmpdir(), 'outpost-exports-')), 'export'),
    allowPrivateImportUrls: options.allowPrivateImportUrls ?? false,
    downloadImportUrl,
    // Headless, without the one-time warning about file permissions.
    secretsVault: createFileSecretsVault({ dataDir, codec: null }),
    localFiles: options.localFiles ?? { servingEnabled: false, documentRoot: dataDir, userPicksFolders: false },
  };
  const app = createApp(deps);
  const request = (path: string, init: RequestInit = {}) => app.request(path, init);
  const withToken = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { Authorization: `Token ${TEST_TOKEN}`, ...init.headers } });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  return { app, db, deps, ...initialized, ...time, request, withToken, postJson };
}

/** The decoded payload of a JWT, for asserting its claims. */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** What createTestApp gives a test: the app, its database, clock controls and request helpers. */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
