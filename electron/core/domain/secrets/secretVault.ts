import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../errors.js';

/*
 * Secrets live outside the database (a copied or backed-up database must not carry them), in a
 * JSON file of the data folder readable by the owner only. The desktop app passes a codec backed
 * by the OS keychain (Electron safeStorage), so there each value is also encrypted; headless, the
 * file permissions are the only protection, and the user is told so once.
 */

/** Encrypts text for this OS user (Electron safeStorage in the desktop app). */
export interface SecretCodec {
  /** Returns the ciphertext as base64. */
  encrypt(text: string): string;
  decrypt(base64: string): string;
}

export interface SecretVault {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** One stored value: as is ('plain', file permissions only) or encrypted by the codec. */
type VaultEntry = { kind: 'plain'; value: string } | { kind: 'encrypted'; value: string };

interface VaultFile {
  version: 1;
  tokens: Record<string, VaultEntry>;
}

export class SecretVaultError extends DomainError {
  constructor(message: string) {
    super(500, message);
  }
}

export interface FileSecretVaultOptions {
  dataDir: string;
  /** The file's name in the data folder. */
  fileName: string;
  /** Null headless, or where the OS keychain cannot encrypt. */
  codec: SecretCodec | null;
  /** Told once per vault, the first time a value is stored protected only by file permissions. */
  warn?: (line: string) => void;
  /** Words for messages: what the file holds ("remote tokens"), and one value ("the token of remote 3"). */
  words: { contents: string; describe: (key: string) => string; giveAgain: string; giveAllAgain: string };
}

function isEntry(value: unknown): value is VaultEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (entry.kind === 'plain' || entry.kind === 'encrypted') && typeof entry.value === 'string';
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function createFileSecretVault(options: FileSecretVaultOptions): SecretVault {
  const path = join(options.dataDir, options.fileName);
  const { words } = options;
  let warned = false;

  function damaged(reason: string): SecretVaultError {
    return new SecretVaultError(
      `The ${words.contents.replace(/s$/, '')} file ${path} is damaged (${reason}). Remove it, then ${words.giveAllAgain}.`,
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
    get(key) {
      const entry = read().tokens[key];
      if (!entry) return null;
      if (entry.kind === 'plain') return entry.value;
      const what = capitalized(words.describe(key));
      if (!options.codec) {
        throw new SecretVaultError(
          `${what} is encrypted by the desktop app's keychain and cannot be read here. ` +
            `Open the desktop app, or ${words.giveAgain}.`,
        );
      }
      try {
        return options.codec.decrypt(entry.value);
      } catch (error) {
        throw new SecretVaultError(`${what} could not be decrypted (${(error as Error).message}). Give it again.`);
      }
    },
    set(key, value) {
      const file = read();
      const entry: VaultEntry = options.codec
        ? { kind: 'encrypted', value: options.codec.encrypt(value) }
        : { kind: 'plain', value };
      file.tokens[key] = entry;
      write(file);
      if (entry.kind === 'plain' && !warned) {
        warned = true;
        options.warn?.(`Warning: ${words.contents} in ${path} are protected only by its file permissions (0600).`);
      }
    },
    delete(key) {
      const file = read();
      if (!(key in file.tokens)) return;
      delete file.tokens[key];
      write(file);
    },
  };
}

export const SECRETS_FILE = 'secrets.json';

/**
 * The vault for secrets other than remote tokens (an ML backend's Basic Auth password, cloud
 * storage credentials), keyed `<kind>:<id>`.
 */
export function createFileSecretsVault(options: Omit<FileSecretVaultOptions, 'fileName' | 'words'>): SecretVault {
  return createFileSecretVault({
    ...options,
    fileName: SECRETS_FILE,
    words: {
      contents: 'secrets',
      describe: (key) => `the secret ${key}`,
      giveAgain: 'enter it again where it is used',
      giveAllAgain: 'enter each secret again where it is used',
    },
  });
}

const fallbackVaults = new WeakMap<object, SecretVault>();

/**
 * The app's secrets vault, or, for an app built without one (in-process tests), a headless vault
 * in its data folder made once per app, so its one-time warning is given once.
 */
export function secretsVaultOf(app: { dataDir: string; secretsVault?: SecretVault | undefined }): SecretVault {
  let vault = app.secretsVault ?? fallbackVaults.get(app);
  if (!vault) {
    vault = createFileSecretsVault({ dataDir: app.dataDir, codec: null, warn: (line) => console.error(line) });
    fallbackVaults.set(app, vault);
  }
  return vault;
}
