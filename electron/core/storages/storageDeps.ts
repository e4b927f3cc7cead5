import { resolve } from 'node:path';
import type { DomainContext } from '../domain/context.js';
import { secretsVaultOf, type SecretVault } from '../domain/secrets/secretVault.js';

/** The local-files rules: where files may be served from and whether serving is on at all. */
export interface LocalFilesRules {
  /** LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED (headless), always true in the desktop app. */
  servingEnabled: boolean;
  /** LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT; in the desktop app without it, the file system's root. */
  documentRoot: string;
  /** The desktop app: any folder the user picks may be a storage (its root is not a rule there). */
  userPicksFolders: boolean;
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
  appMode: 'electron' | 'serve';
  localFiles?: LocalFilesRules | undefined;
};

const TRUE_VALUES = new Set(['1', 'true', 'yes', 'on', 't', 'y']);

/** Label Studio's own variables, read the way its settings read them. */
export function localFilesRulesFromEnv(env: NodeJS.ProcessEnv, desktop: boolean): LocalFilesRules {
  const enabled = TRUE_VALUES.has((env.LABEL_STUDIO_LOCAL_FILES_SERVING_ENABLED ?? '').trim().toLowerCase());
  const root = env.LABEL_STUDIO_LOCAL_FILES_DOCUMENT_ROOT?.trim();
  return {
    servingEnabled: desktop || enabled,
    documentRoot: root ? resolve(root) : desktop ? resolve('/') : resolve(process.cwd()),
    userPicksFolders: desktop && !root,
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
    localFiles: deps.localFiles ?? localFilesRulesFromEnv(process.env, deps.appMode === 'electron'),
  };
}

/** The vault key of one secret field of a storage. */
export function storageSecretKey(storageId: number, field: string): string {
  return `storage:${storageId}:${field}`;
}
