import { randomBytes, timingSafeEqual } from 'node:crypto';
import { findLegacyTokenOfUser, listLegacyTokens, replaceLegacyToken } from '../../db/repos/tokensRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';

const LEGACY_KEY = /^[0-9a-f]{40}$/;

export function isLegacyKey(value: string): boolean {
  return LEGACY_KEY.test(value);
}

function newLegacyKey(): string {
  return randomBytes(20).toString('hex');
}

/** The user's 40-hex key, created on first use; `requested` sets it when the user has none yet. */
export function ensureLegacyToken(ctx: DomainContext, user: number, requested?: string): string {
  const existing = findLegacyTokenOfUser(ctx.db, user);
  if (existing) return existing.key;
  if (requested !== undefined && !isLegacyKey(requested)) {
    throw new ValidationError({ token: ['The token must be 40 lowercase hexadecimal characters.'] });
  }
  const key = requested ?? newLegacyKey();
  replaceLegacyToken(ctx.db, user, key, formatTimestamp(ctx.clock()));
  return key;
}

export function resetLegacyToken(ctx: DomainContext, user: number): string {
  const key = newLegacyKey();
  replaceLegacyToken(ctx.db, user, key, formatTimestamp(ctx.clock()));
  return key;
}

/** Finds the owner of a key, comparing every stored key in constant time (there are only a few). */
export function findLegacyTokenOwner(ctx: DomainContext, key: string): number | null {
  const given = Buffer.from(key);
  let owner: number | null = null;
  for (const row of listLegacyTokens(ctx.db)) {
    const stored = Buffer.from(row.key);
    if (stored.length === given.length && timingSafeEqual(stored, given)) owner = row.user;
  }
  return owner;
}
