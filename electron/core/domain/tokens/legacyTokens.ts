import { randomBytes } from 'node:crypto';
import { findLegacyTokenOfUser, findLegacyTokenOwnerByHash, replaceLegacyToken } from '../../db/repos/tokensRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { legacyKeyHash, sealLegacyKey, unsealLegacyKey } from './tokenSealing.js';

const LEGACY_KEY = /^[0-9a-f]{40}$/;

export function isLegacyKey(value: string): boolean {
  return LEGACY_KEY.test(value);
}

function newLegacyKey(): string {
  return randomBytes(20).toString('hex');
}

/** Stores `key` as the user's one legacy key, sealed (tokenSealing.ts); `created` defaults to now. */
export function storeLegacyKey(ctx: DomainContext, user: number, key: string, created?: string): void {
  const row = { user, key_hash: legacyKeyHash(ctx.secret, key), sealed: sealLegacyKey(ctx.secret, key) };
  replaceLegacyToken(ctx.db, row, created ?? formatTimestamp(ctx.clock()));
}

/** The user's legacy key, or null when the user has none. */
export function findLegacyKeyOfUser(ctx: DomainContext, user: number): string | null {
  const row = findLegacyTokenOfUser(ctx.db, user);
  return row ? unsealLegacyKey(ctx.secret, row.sealed) : null;
}

/** The user's 40-hex key, created on first use; `requested` sets it when the user has none yet. */
export function ensureLegacyToken(ctx: DomainContext, user: number, requested?: string): string {
  const existing = findLegacyKeyOfUser(ctx, user);
  if (existing) return existing;
  if (requested !== undefined && !isLegacyKey(requested)) {
    throw new ValidationError({ token: ['The token must be 40 lowercase hexadecimal characters.'] });
  }
  const key = requested ?? newLegacyKey();
  storeLegacyKey(ctx, user, key);
  return key;
}

export function resetLegacyToken(ctx: DomainContext, user: number): string {
  const key = newLegacyKey();
  storeLegacyKey(ctx, user, key);
  return key;
}

/** Finds the owner of a key by its HMAC: a lookup that reveals nothing of the stored keys. */
export function findLegacyTokenOwner(ctx: DomainContext, key: string): number | null {
  return findLegacyTokenOwnerByHash(ctx.db, legacyKeyHash(ctx.secret, key));
}
