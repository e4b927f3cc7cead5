import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataPaths } from './dataDir.js';
import { migrate } from './db/migrate.js';
import { openDatabase, type Db, type OpenOptions } from './db/open.js';
import { systemClock, type Clock } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import { ensureSigningSecret } from './domain/tokens/signingSecret.js';
import { ensureLegacyToken } from './domain/tokens/legacyTokens.js';
import { ensurePersonalAccessToken } from './domain/tokens/personalAccessTokens.js';
import { ensureLocalUser } from './domain/users/localUser.js';

export interface DataFolderOptions extends OpenOptions {
  dataDir: string;
  /** Legacy token for the local user when it is first created (scripts and tests pin it). */
  token?: string | undefined;
  userEmail?: string | undefined;
  clock?: Clock;
}

export interface OpenDataFolder {
  ctx: DomainContext;
  db: Db;
  userId: number;
  token: string;
  pat: string;
}

/** Opens or creates a data folder: database, migrations (with a backup first), the user and tokens. */
export async function openDataFolder(options: DataFolderOptions): Promise<OpenDataFolder> {
  const paths = dataPaths(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(paths.database, options);
  try {
    await migrate(db, {
      backupPath: (fromVersion) => {
        mkdirSync(paths.backups, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        return join(paths.backups, `outpost-schema${fromVersion}-${stamp}.db`);
      },
    });
    const clock = options.clock ?? systemClock;
    const ctx: DomainContext = { db, clock, secret: ensureSigningSecret(db) };
    const user = ensureLocalUser(ctx, options.userEmail);
    const token = ensureLegacyToken(ctx, user.id, options.token);
    const pat = ensurePersonalAccessToken(ctx, user.id);
    return { ctx, db, userId: user.id, token, pat };
  } catch (error) {
    db.close();
    throw error;
  }
}
