import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Outpost';

/**
 * The per-user app-data folder, the same one Electron's app.getPath('userData') gives for this
 * app, so the desktop app and `outpost serve` share their data by default.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.OUTPOST_DATA_DIR) return env.OUTPOST_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

/** Where things live inside a data folder. */
export function dataPaths(dataDir: string) {
  return {
    database: join(dataDir, 'outpost.db'),
    backups: join(dataDir, 'backups'),
    media: join(dataDir, 'media'),
    exports: join(dataDir, 'exports'),
    /** Owner-only: signs JWTs and seals legacy keys (domain/tokens/signingSecret.ts). */
    signingSecret: join(dataDir, 'signing-secret'),
  };
}
