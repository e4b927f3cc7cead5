import { resolve } from 'node:path';
import type { DomainContext } from '../domain/context.js';
import { secretsVaultOf, type SecretVault } from '../domain/secrets/secretVault.js';

/** The local-files rules: where files may be served from and whether serving is on at all. */
export interface LocalFilesRules {
  /** LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED (headless), always true in the desktop app. */
  servingEnabled: boolean;
  /** LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT headless; in the desktop app the file system's root. */
  documentRoot: string;
  /**
   * The desktop app and browser mode: a storage may use a folder the user chose in the app (or one
   * inside it), remembered in `dataDir` (storages/allowedFolders.ts); the document root is not a rule there.
   */
  userPicksFolders: boolean;
  /** Where chosen folders are remembered; without it no folder is chosen. Never itself served. */
  dataDir?: string;
  /** The home folder (default: the OS's), which is never a storage itself. */
  homeDir?: string;
}

/** What the storage code needs from the app. */
export interface StorageDeps extends DomainContext {
  dataDir: string;
  secretsVault: SecretVault;
  localFiles: LocalFilesRules;
}

type AppLike = DomainContext & {
  dataDir: string;
  secretsVault?: SecretVault | undefined;
  appMode: 'electron' | 'browser' | 'serve';
  localFiles?: LocalFilesRules | undefined;
};

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on', 't', 'y']);

/**
 * Headless, Label Studio's own variables, read the way its settings read them. The desktop app and
 * browser mode ignore them: there the user chooses folders in the app.
 */
export function localFilesRulesFromEnv(env: NodeJS.ProcessEnv, desktop: boolean, dataDir?: string): LocalFilesRules {
  if (desktop) return { servingEnabled: true, documentRoot: resolve('/'), userPicksFolders: true, dataDir };
  const enabled = TRUE_VALUES.has((env.LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED ?? '').trim().toLowerCase());
  const root = env.LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT?.trim();
  return {
    servingEnabled: enabled,
    documentRoot: root ? resolve(root) : resolve(process.cwd()),
    userPicksFolders: false,
  };
}

export function storageDepsFrom(deps: AppLike): StorageDeps {
  const vault = secretsVaultOf(deps);
  return {
    db: deps.db,
    clock: deps.clock,
    secret: deps.secret,
    dataDir: deps.dataDir,
    secretsVault: vault,
    localFiles: deps.localFiles ?? localFilesRulesFromEnv(process.env, deps.appMode !== 'serve', deps.dataDir),
  };
}

/** The vault key of one secret field of a storage. */
export function storageSecretKey(storageId: number, field: string): string {
  return `storage:${storageId}:${field}`;
}
