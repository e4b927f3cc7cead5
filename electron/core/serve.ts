import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { createApp } from './app.js';
import { dataPaths } from './dataDir.js';
import { DEFAULT_BODY_LIMIT_BYTES, type AppDeps } from './deps.js';
import { downloadImportUrl } from './importers/downloadUrl.js';
import { createLoginToken } from './domain/auth/browserSessions.js';
import { sweepUploads } from './domain/imports/sweepUploads.js';
import { openDataFolder, type DataFolderOptions } from './openDataFolder.js';
import { cancelAllSyncRuns } from './sync/engine/liveRuns.js';
import { syncDepsFrom } from './sync/engine/syncDeps.js';
import { answerAdapterError, answerClientError } from './server/transportErrors.js';
import { createSyncScheduler } from './sync/scheduler.js';
import { createFileSecretsVault } from './domain/secrets/secretVault.js';
import { createFileTokenVault, type SecretCodec } from './sync/tokenVault.js';
import packageJson from '../../package.json' with { type: 'json' };

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;

export interface ServeOptions extends DataFolderOptions {
  host?: string;
  port?: number;
  bodyLimitBytes?: number;
  rendererDir?: string | null;
  /** See AppDeps.allowPrivateImportUrls. */
  allowPrivateImportUrls?: boolean;
  /** See AppDeps.accessTokenLifetimeSeconds. */
  accessTokenLifetimeSeconds?: number;
  /** See AppDeps.appMode; the desktop app passes 'electron', browser-mode `start` 'browser'. */
  mode?: AppDeps['appMode'];
  /** Encrypts remote tokens with the OS keychain (the desktop app's safeStorage); null or absent: file permissions only. */
  secretCodec?: SecretCodec | null;
  /** Where one-line warnings go (default: stderr). */
  warn?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  token: string;
  pat: string;
  /** A one-time link that signs a browser in (an HttpOnly session cookie), for browser mode. */
  loginUrl: string;
  /** Another one-time sign-in link, e.g. for each window the desktop app opens. */
  newLoginUrl(): string;
  deps: AppDeps;
  /** The HTTP server itself, for what only it can tell (e.g. its 'request' event, when a request's head is read). */
  httpServer: Server;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Host header values that name this server: the bound address, and loopback names for loopback. */
function hostsFor(host: string, port: number): Set<string> {
  const names = new Set([formatHost(host)]);
  if (['127.0.0.1', '::1', 'localhost'].includes(host))
    ['127.0.0.1', 'localhost', '[::1]'].forEach((n) => names.add(n));
  if (host === '0.0.0.0' || host === '::') {
    names.add('localhost');
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(formatHost(address.address));
    }
  }
  return new Set([...names].map((name) => `${name}:${port}`.toLowerCase()));
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const folder = await openDataFolder(options);
  const allowedHosts = new Set<string>();
  const vaultOptions = {
    dataDir: resolve(options.dataDir),
    codec: options.secretCodec ?? null,
    warn: options.warn ?? ((line: string) => console.error(line)),
  };
  const deps: AppDeps = {
    ...folder.ctx,
    allowedHosts,
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    rendererDir: options.rendererDir ?? null,
    outpostVersion: packageJson.version,
    dataDir: resolve(options.dataDir),
    appMode: options.mode ?? 'serve',
    uploadsDir: join(dataPaths(options.dataDir).media, 'upload'),
    exportsDir: dataPaths(options.dataDir).exports,
    allowPrivateImportUrls: options.allowPrivateImportUrls ?? false,
    downloadImportUrl,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds,
    tokenVault: createFileTokenVault(vaultOptions),
    secretsVault: createFileSecretsVault(vaultOptions),
  };
  sweepUploads(deps.db, deps.uploadsDir);
  const app = createApp(deps);
  // createAdaptorServer, with an error handler: requests the adapter refuses get the envelope too.
  const server = createServer(getRequestListener(app.fetch, { hostname: host, errorHandler: answerAdapterError }));
  server.on('clientError', answerClientError);
  // An import holds the event loop until it commits (seconds for a large one). Node's keep-alive
  // timer would then fire before a request already waiting on an idle connection is read, and
  // reset it (nodejs/node#43456). Idle connections are kept two minutes, longer than any import
  // holds the loop, yet still closed in the end (`--host` can open the port to other machines).
  server.keepAliveTimeout = 120_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
    });
  } catch (error) {
    folder.db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  for (const name of hostsFor(host, port)) allowedHosts.add(name);
  // Remotes with a sync interval are synced while the server runs (and on reconnect).
  const scheduler = createSyncScheduler(syncDepsFrom(deps), { warn: options.warn });
  scheduler.start();

  let closing: Promise<void> | null = null;
  // Once closing, a connection whose last request was just answered is closed at once rather than
  // kept alive until the client lets it go (seconds): close() waits for every connection to end.
  server.on('request', (_request, response) => {
    response.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      scheduler.stop();
      server.close(() => {
        // Background sync runs record themselves as cancelled before the database goes.
        void cancelAllSyncRuns(folder.db).finally(() => {
          folder.db.close();
          resolve();
        });
      });
      server.closeIdleConnections();
    }));
  const url = `http://${formatHost(host)}:${port}`;
  const newLoginUrl = () => `${url}/login?token=${createLoginToken(deps, folder.userId)}`;
  return {
    url,
    token: folder.token,
    pat: folder.pat,
    loginUrl: newLoginUrl(),
    newLoginUrl,
    deps,
    httpServer: server,
    close,
  };
}
