import { migrate, type MigrateOptions } from './db/migrate.js';
import type { Db } from './db/open.js';
import { backfillTaskAgreement } from './domain/agreement/taskAgreementColumn.js';
import { systemClock, type Clock } from './domain/clock.js';
import type { DomainContext } from './domain/context.js';
import { ensureLegacyToken } from './domain/tokens/legacyTokens.js';
import { ensurePersonalAccessToken } from './domain/tokens/personalAccessTokens.js';
import { loadSigningSecret, sealStoredSecrets } from './domain/tokens/signingSecret.js';
import { ensureLocalUser } from './domain/users/localUser.js';

export interface InitializeOptions {
  /** Legacy token for the local user when it is first created (scripts and tests pin it). */
  token?: string | undefined;
  userEmail?: string | undefined;
  clock?: Clock;
  backupPath?: MigrateOptions['backupPath'];
  /** The data folder's signing-secret file; absent, the secret lives in memory (in-memory test databases). */
  secretPath?: string | undefined;
}

export interface InitializedDatabase {
  ctx: DomainContext;
  userId: number;
  token: string;
  pat: string;
}

/** Migrates a database and makes sure the signing secret, the local user and its tokens exist. */
export async function initializeDatabase(db: Db, options: InitializeOptions = {}): Promise<InitializedDatabase> {
  // While credentials are rewritten (migration 0015, sealing), their old bytes are overwritten, not
  // just freed, and the WAL that held them is emptied after.
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  let ctx: DomainContext;
  try {
    const migrated = await migrate(db, { backupPath: options.backupPath });
    ctx = { db, clock: options.clock ?? systemClock, secret: loadSigningSecret(db, options.secretPath ?? null) };
    const sealed = sealStoredSecrets(ctx);
    if (sealed || migrated.from !== migrated.to) db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.pragma(`secure_delete = ${secureDelete}`);
  }
  // Tasks an older database held with several annotators get their agreement once (migration 0019).
  backfillTaskAgreement(db);
  const user = ensureLocalUser(ctx, options.userEmail);
  const token = ensureLegacyToken(ctx, user.id, options.token);
  const pat = await ensurePersonalAccessToken(ctx, user.id);
  return { ctx, userId: user.id, token, pat };
}
