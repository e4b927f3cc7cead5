import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../domain/errors.js';

/*
 * Remote tokens live outside the database (a copied or backed-up database must not carry them),
 * in `<data folder>/remote-tokens.json`, readable by the owner only. The desktop app passes a
 * codec backed by the OS keychain (Electron safeStorage), so there each token is also encrypted;
 * headless, the file permissions are the only protection, and the user is told so once.
 */

export const TOKEN_VAULT_FILE = 'remote-tokens.json';

/** Encrypts text for this OS user (Electron safeStorage in the desktop app). */
export interface SecretCodec {
  /** Returns the ciphertext as base64. */
  encrypt(text: string): string;
  decrypt(base64: string): string;
}

export interface TokenVault {
  get(remoteId: number): string | null;
  set(remoteId: number, token: string): void;
  delete(remoteId: number): void;
}

/** One stored token: as is ('plain', file permissions only) or encrypted by the codec. */
type VaultEntry = { kind: 'plain'; value: string } | { kind: 'encrypted'; value: string };

interface VaultFile {
  version: 1;
  tokens: Record<string, VaultEntry>;
}

export class TokenVaultError extends DomainError {
  constructor(message: string) {
    super(500, message);
  }
}

export interface FileTokenVaultOptions {
  dataDir: string;
  /** Null headless, or where the OS keychain cannot encrypt. */
  codec: SecretCodec | null;
  /** Told once per vault, the first time a token is stored protected only by file permissions. */
  warn?: (line: string) => void;
}

function isEntry(value: unknown): value is VaultEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (entry.kind === 'plain' || entry.kind === 'encrypted') && typeof entry.value === 'string';
}

export function createFileTokenVault(options: FileTokenVaultOptions): TokenVault {
  const path = join(options.dataDir, TOKEN_VAULT_FILE);
  let warned = false;

  function damaged(reason: string): TokenVaultError {
    return new TokenVaultError(
      `The remote token file ${path} is damaged (${reason}). Remove it, then give each remote its token again.`,
    );
  }

  function read(): VaultFile {
    if (!existsSync(path)) return { version: 1, tokens: {} };
    // A file someone made readable to others (a copy, an editor) is tightened before it is used.
    if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw damaged(`not JSON: ${(error as Error).message}`);
    }
    const file = parsed as Partial<VaultFile> | null;
    if (typeof file !== 'object' || file === null || file.version !== 1 || typeof file.tokens !== 'object') {
      throw damaged('not a token file of this Outpost version');
    }
    if (!Object.values(file.tokens ?? {}).every(isEntry)) throw damaged('an entry is not a stored token');
    return file as VaultFile;
  }

  function write(file: VaultFile): void {
    // Written beside and renamed over, so a crash leaves the old file or the new one, never half.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(partial, 0o600);
    renameSync(partial, path);
  }

  return {
    get(remoteId) {
      const entry = read().tokens[String(remoteId)];
      if (!entry) return null;
      if (entry.kind === 'plain') return entry.value;
      if (!options.codec) {
        throw new TokenVaultError(
          `The token of remote ${remoteId} is encrypted by the desktop app's keychain and cannot be read here. ` +
            'Open the desktop app, or give the token again (e.g. outpost sync --token).',
        );
      }
      try {
        return options.codec.decrypt(entry.value);
      } catch (error) {
        throw new TokenVaultError(
          `The token of remote ${remoteId} could not be decrypted (${(error as Error).message}). Give it again.`,
        );
      }
    },
    set(remoteId, token) {
      const file = read();
      const entry: VaultEntry = options.codec
        ? { kind: 'encrypted', value: options.codec.encrypt(token) }
        : { kind: 'plain', value: token };
      file.tokens[String(remoteId)] = entry;
      write(file);
      if (entry.kind === 'plain' && !warned) {
        warned = true;
        options.warn?.(`Warning: remote tokens in ${path} are protected only by its file permissions (0600).`);
      }
    },
    delete(remoteId) {
      const file = read();
      if (!(String(remoteId) in file.tokens)) return;
      delete file.tokens[String(remoteId)];
      write(file);
    },
  };
}
