import type { DomainContext } from '../domain/context.js';
import { DomainError } from '../domain/errors.js';
import type { DownloadImportUrl } from '../domain/imports/importContext.js';
import { secretsVaultOf, type SecretVault } from '../domain/secrets/secretVault.js';

/** What the ML layer needs from the app: the database, the data folder, the secret vault, who we are. */
export interface MlDeps extends DomainContext {
  dataDir: string;
  secretsVault: SecretVault;
  outpostVersion: string;
  /**
   * This server's own address as the caller reached it (the request's origin): model servers get
   * it in /setup to fetch media the tasks name by path.
   */
  serverUrl: string;
  /**
   * The user whose request this is: tasks that get predictions in it show them as their last
   * updater, as Label Studio's Prediction.save does within a request. Null outside a request.
   */
  userId: number | null;
  /**
   * The file on this machine behind a task's media URL (uploads, local-files storages, media a
   * sync cached), or null: the built-in model reads images through it. Absent outside a request.
   */
  resolveTaskMedia?: (project: number, url: string) => string | null;
  /** Injected by tests that watch the traffic; the global fetch otherwise. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * An http(s) URL a task names, downloaded as an import URL is (AppDeps.downloadImportUrl): every
   * hop's address checked, private ones refused unless the app allows them, the size capped. Task
   * data is untrusted: a URL in it must not reach into the user's network. Rejects with the reason.
   */
  downloadUrl?: (url: string, maxBytes: number) => Promise<Uint8Array>;
  /** Where uploads live (AppDeps.uploadsDir): the built-in model's OCR reads task images there. */
  uploadsDir?: string;
  /**
   * The file behind `/data/local-files/?d=<path>`, by the rules the server serves it with (the
   * storages layer owns them, so the server hands them in), or why it would not be served.
   */
  localFilePath?: (requested: string) => { path: string } | { refused: string };
}

type AppLike = DomainContext & {
  dataDir: string;
  secretsVault?: SecretVault | undefined;
  outpostVersion: string;
  uploadsDir?: string;
  downloadImportUrl?: DownloadImportUrl;
  allowPrivateImportUrls?: boolean;
};

const DOWNLOAD_TIMEOUT_MS = 20_000;

/** The app's import download, answering bytes, or an Error whose message is the reason in words. */
function downloaderOf(deps: AppLike): MlDeps['downloadUrl'] {
  const download = deps.downloadImportUrl;
  if (!download) return undefined;
  const allowPrivate = deps.allowPrivateImportUrls ?? false;
  return async (url, maxBytes) => {
    try {
      return (await download(url, { allowPrivate, maxBytes, timeoutMs: DOWNLOAD_TIMEOUT_MS })).bytes;
    } catch (error) {
      throw new Error(reasonOf(error), { cause: error });
    }
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof DomainError && error.validationErrors) {
    return Object.values(error.validationErrors).flat().map(String).join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** The app's secret vault, or (an app built without one, e.g. in tests) a headless one in its data folder. */
export function mlDepsFrom(deps: AppLike, serverUrl: string, userId: number | null = null): MlDeps {
  const vault = secretsVaultOf(deps);
  return {
    db: deps.db,
    clock: deps.clock,
    timers: deps.timers,
    secret: deps.secret,
    dataDir: deps.dataDir,
    secretsVault: vault,
    outpostVersion: deps.outpostVersion,
    serverUrl,
    userId,
    uploadsDir: deps.uploadsDir,
    downloadUrl: downloaderOf(deps),
  };
}

/** The vault key of a backend's Basic Auth password. */
export function basicAuthSecretKey(backendId: number): string {
  return `ml-backend:${backendId}:basic_auth_pass`;
}
