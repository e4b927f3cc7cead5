import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { DomainError } from '../errors.js';

/*
 * What the database keeps of a credential must be worthless without the signing secret, which
 * lives outside it (signingSecret.ts). Two keys are derived from that secret: one seals a legacy
 * key (AES-256-GCM, so it can be shown to its owner again), one names it (HMAC-SHA256, so a
 * request's key is found by an indexed lookup without unsealing every row).
 */

interface DerivedKeys {
  seal: Buffer;
  name: Buffer;
}

const derived = new Map<string, DerivedKeys>();

function keysFor(secret: string): DerivedKeys {
  let keys = derived.get(secret);
  if (!keys) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'outpost', info, 32));
    keys = { seal: derive('legacy key sealing'), name: derive('legacy key naming') };
    derived.set(secret, keys);
  }
  return keys;
}

/** The data folder's secret no longer opens what its database holds (the secret file was replaced). */
export class SealedTokenError extends DomainError {
  constructor() {
    super(
      500,
      "A token in the database was sealed with another signing secret: the data folder's signing-secret file " +
        'was replaced or removed. Restore it, or reset the token.',
    );
  }
}

/** The lookup name of a legacy key: an HMAC, so equal keys match and the key itself is not stored. */
export function legacyKeyHash(secret: string, key: string): string {
  return createHmac('sha256', keysFor(secret).name).update(key, 'utf8').digest('hex');
}

/** A legacy key sealed for the database: base64 of nonce, tag and ciphertext. */
export function sealLegacyKey(secret: string, key: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keysFor(secret).seal, nonce);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

export function unsealLegacyKey(secret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keysFor(secret).seal, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedTokenError();
  }
}
