import type { DomainContext } from '../../domain/context.js';
import type { FetchLike } from '../remoteClient.js';
import { createFileTokenVault, type TokenVault } from '../tokenVault.js';

/** What sync needs from the app: the database, the data folder, and where tokens are kept. */
export interface SyncDeps extends DomainContext {
  dataDir: string;
  tokenVault: TokenVault;
  /** Injected by tests that watch the traffic; the global fetch otherwise. */
  fetch?: FetchLike;
}

const fallbackVaults = new WeakMap<object, TokenVault>();

/**
 * The app's vault, or (for an app built without one, e.g. in tests) a headless file vault in its
 * data folder, made once per app so its one-time warning is given once.
 */
export function syncDepsFrom(deps: DomainContext & { dataDir: string; tokenVault?: TokenVault | undefined }): SyncDeps {
  let vault = deps.tokenVault ?? fallbackVaults.get(deps);
  if (!vault) {
    vault = createFileTokenVault({ dataDir: deps.dataDir, codec: null, warn: (line) => console.error(line) });
    fallbackVaults.set(deps, vault);
  }
  return { db: deps.db, clock: deps.clock, secret: deps.secret, dataDir: deps.dataDir, tokenVault: vault };
}
