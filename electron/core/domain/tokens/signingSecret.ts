import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Db } from '../../db/open.js';
import { deleteSetting, readSetting } from '../../db/repos/settingsRepo.js';
import {
  deleteAllLegacyTokens,
  deleteUnsealedLegacyTokens,
  listLegacyTokens,
  listUnsealedLegacyTokens,
} from '../../db/repos/tokensRepo.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { storeLegacyKey } from './legacyTokens.js';
import { unsealLegacyKey } from './tokenSealing.js';

/*
 * Each data folder signs its JWTs with its own random secret, and derives from it the keys that
 * seal its legacy keys (tokenSealing.ts). The secret lives in a file of its own beside the
 * database, readable by its owner only, so a copied or backed-up database carries no usable
 * credential. Schemas before 15 kept it in the settings table: it is moved out on first start.
 */

const OLD_SETTING = 'jwt_signing_secret';

/** The secret from `path`; else the one an older schema kept in the database; else a new one. */
export function loadSigningSecret(db: Db, path: string | null): string {
  if (path && existsSync(path)) {
    if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length < 32) {
      throw new DomainError(
        500,
        `The signing secret file ${path} is damaged (too short). Remove it: every token is then issued anew.`,
      );
    }
    return secret;
  }
  const secret = readSetting(db, OLD_SETTING) ?? randomBytes(48).toString('base64url');
  // 'wx': if another start wrote the file first, its secret wins.
  if (path) {
    try {
      writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadSigningSecret(db, path);
      throw error;
    }
  }
  return secret;
}

/**
 * Leaves no credential readable in the database: seals legacy keys an older schema kept in plain
 * text, removes the old copy of the secret, and drops legacy keys another secret sealed (the
 * secret file was lost; each user is given a new key). True when something was rewritten.
 */
export function sealStoredSecrets(ctx: DomainContext): boolean {
  const unsealed = listUnsealedLegacyTokens(ctx.db);
  const oldSecret = readSetting(ctx.db, OLD_SETTING) !== null;
  const stale = listLegacyTokens(ctx.db).some((row) => {
    try {
      unsealLegacyKey(ctx.secret, row.sealed);
      return false;
    } catch {
      return true;
    }
  });
  if (unsealed.length === 0 && !oldSecret && !stale) return false;
  ctx.db.transaction(() => {
    if (stale) deleteAllLegacyTokens(ctx.db);
    for (const row of unsealed) storeLegacyKey(ctx, row.user, row.key, row.created);
    deleteUnsealedLegacyTokens(ctx.db);
    deleteSetting(ctx.db, OLD_SETTING);
  })();
  return true;
}
