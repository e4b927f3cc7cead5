import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/open.js';
import { readSetting, writeSetting } from '../../db/repos/settingsRepo.js';

const SECRET_KEY = 'jwt_signing_secret';

/** Each data folder signs its JWTs with its own random secret, made on first start. */
export function ensureSigningSecret(db: Db): string {
  const existing = readSetting(db, SECRET_KEY);
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  writeSetting(db, SECRET_KEY, secret);
  return secret;
}
