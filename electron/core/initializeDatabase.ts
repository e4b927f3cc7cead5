import { migrate, type MigrateOptions } from './db/migrate.js';
import type { Db } from './db/open.js';
import { systemClock, type Clock } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import { ensureLegacyToken } from './domain/tokens/legacyTokens.js';
import { ensurePersonalAccessToken } from './domain/tokens/personalAccessTokens.js';
import { ensureSigningSecret } from './domain/tokens/signingSecret.js';
import { ensureLocalUser } from './domain/users/localUser.js';

export interface InitializeOptions {
  /** Legacy token for the local user when it is first created (scripts and tests pin it). */
  token?: string | undefined;
  userEmail?: string | undefined;
  clock?: Clock;
  backupPath?: MigrateOptions['backupPath'];
}

export interface InitializedDatabase {
  ctx: DomainContext;
  userId: number;
  token: string;
  pat: string;
}

/** Migrates a database and makes sure the signing secret, the local user and its tokens exist. */
export async function initializeDatabase(db: Db, options: InitializeOptions = {}): Promise<InitializedDatabase> {
  await migrate(db, { backupPath: options.backupPath });
  const ctx: DomainContext = { db, clock: options.clock ?? systemClock, secret: ensureSigningSecret(db) };
  const user = ensureLocalUser(ctx, options.userEmail);
  const token = ensureLegacyToken(ctx, user.id, options.token);
  const pat = await ensurePersonalAccessToken(ctx, user.id);
  return { ctx, userId: user.id, token, pat };
}
