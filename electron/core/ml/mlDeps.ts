import type { DomainContext } from '../domain/context.js';
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
   * The file on disk behind a task's media URL, as this server would serve it (uploads,
   * local-files storages), or null; given by the server, which knows where media live.
   */
  taskMediaFile?: (url: string) => string | null;
  /** Injected by tests that watch the traffic; the global fetch otherwise. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

type AppLike = DomainContext & { dataDir: string; secretsVault?: SecretVault | undefined; outpostVersion: string };

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
  };
}

/** The vault key of a backend's Basic Auth password. */
export function basicAuthSecretKey(backendId: number): string {
  return `ml-backend:${backendId}:basic_auth_pass`;
}
