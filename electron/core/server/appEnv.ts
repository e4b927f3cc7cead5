import type { AppDeps } from '../deps.js';

/** Hono's per-request variables: the deps and, after authentication, the caller's user id. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    userId: number;
    /** True when the caller is Outpost's own UI, signed in by its session cookie (not a token). */
    browserSession?: boolean;
  };
}
