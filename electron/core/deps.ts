import type { Db } from './db/open.js';
import type { Clock } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import type { DownloadImportUrl } from './domain/imports/importContext.js';
import type { SecretVault } from './domain/secrets/secretVault.js';
import type { LocalFilesRules } from './storages/storageDeps.js';
import type { TokenVault } from './sync/tokenVault.js';

export const DEFAULT_BODY_LIMIT_BYTES = 250 * 1024 * 1024;

/** Everything createApp needs, passed in so tests can build an app on a :memory: database. */
export interface AppDeps extends DomainContext {
  db: Db;
  clock: Clock;
  secret: string;
  /**
   * Host header values accepted (DNS-rebinding protection), e.g. "127.0.0.1:8080". Filled in by
   * serve.ts once the port is known; null turns the check off (in-process tests only).
   */
  allowedHosts: ReadonlySet<string> | null;
  bodyLimitBytes: number;
  /** The built renderer (index.html and assets), or null when there is none to serve. */
  rendererDir: string | null;
  outpostVersion: string;
  /** The data folder (absolute): the database, media and exports live under it. */
  dataDir: string;
  /**
   * Who runs the server: the desktop app, browser mode (`outpost start` without Electron: the
   * desktop app in a browser tab, with the same rules), or `outpost serve` (a headless server).
   */
  appMode: 'electron' | 'browser' | 'serve';
  /**
   * Uploaded files (imports and media): `<data folder>/media/upload`. A file lives at
   * `<uploadsDir>/<project id>/<8 hex>-<name>`, is recorded as `upload/<project id>/<8 hex>-<name>`
   * and served at `/data/upload/...`, as Label Studio lays them out.
   */
  uploadsDir: string;
  /**
   * Export snapshot files: `<exportsDir>/<project id>/project-<id>-at-<time>-<md5>.json`, removed
   * with their snapshot or project.
   */
  exportsDir: string;
  /**
   * Import from a URL refuses private, loopback and link-local addresses (SSRF) unless this is
   * true: for tests and for users who deliberately import from their own network.
   */
  allowPrivateImportUrls?: boolean;
  /** Fetches an import URL for the domain, which never calls out itself (importers/downloadUrl.ts). */
  downloadImportUrl: DownloadImportUrl;
  /** How long `/api/token/refresh/` access tokens last (default 300 s, as Label Studio). Tests shorten it. */
  accessTokenLifetimeSeconds?: number;
  /**
   * Where remote tokens are kept (`<data folder>/remote-tokens.json`, encrypted in the desktop
   * app). Absent in in-process tests: a headless vault in the data folder is made on first use.
   */
  tokenVault?: TokenVault;
  /**
   * Where other secrets are kept (`<data folder>/secrets.json`: ML backends' Basic Auth passwords),
   * encrypted in the desktop app. Absent in in-process tests: a headless vault is made on first use.
   */
  secretsVault?: SecretVault;
  /**
   * Local-files storages: whether files are served and from which document root. Absent: Label
   * Studio's variables (LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED, _DOCUMENT_ROOT) decide.
   */
  localFiles?: LocalFilesRules;
}
