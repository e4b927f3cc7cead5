import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dataPaths } from './dataDir.js';
import { OWNER_ONLY_DIR, prepareDatabaseFile, tightenToOwnerOnly } from './db/fileModes.js';
import { openDatabase, type Db, type OpenOptions } from './db/open.js';
import { initializeDatabase, type InitializedDatabase, type InitializeOptions } from './initializeDatabase.js';

export interface DataFolderOptions extends OpenOptions, Omit<InitializeOptions, 'backupPath'> {
  dataDir: string;
  /** Where a one-line notice goes (default: stderr), e.g. that the folder was made owner-only. */
  warn?: (line: string) => void;
}

/**
 * The data folder is owner-only: made so, and an existing one others could read is tightened
 * (once, and said so: a shared folder would otherwise stay open without anyone knowing).
 */
function ownDataFolder(dataDir: string, warn: (line: string) => void): void {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  const before = statSync(dataDir).mode & 0o777;
  if (tightenToOwnerOnly(dataDir, OWNER_ONLY_DIR)) {
    warn(
      `Outpost: the data folder ${dataDir} could be read by other users (mode ${before.toString(8)}); ` +
        'it is now owner-only (700).',
    );
  }
}

export interface OpenDataFolder extends InitializedDatabase {
  db: Db;
}

/** Opens or creates a data folder: its database (backed up before any migration), user and tokens. */
export async function openDataFolder(options: DataFolderOptions): Promise<OpenDataFolder> {
  const paths = dataPaths(options.dataDir);
  ownDataFolder(options.dataDir, options.warn ?? ((line) => console.error(line)));
  prepareDatabaseFile(paths.database);
  const db = openDatabase(paths.database, options);
  try {
    const initialized = await initializeDatabase(db, {
      ...options,
      secretPath: paths.signingSecret,
      backupPath: (fromVersion) => {
        mkdirSync(paths.backups, { recursive: true, mode: OWNER_ONLY_DIR });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        return join(paths.backups, `outpost-schema${fromVersion}-${stamp}.db`);
      },
    });
    return { ...initialized, db };
  } catch (error) {
    db.close();
    throw error;
  }
}
