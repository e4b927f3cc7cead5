import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dataPaths } from './dataDir.js';
import { openDatabase, type Db, type OpenOptions } from './db/open.js';
import { initializeDatabase, type InitializedDatabase, type InitializeOptions } from './initializeDatabase.js';

export interface DataFolderOptions extends OpenOptions, Omit<InitializeOptions, 'backupPath'> {
  dataDir: string;
}

export interface OpenDataFolder extends InitializedDatabase {
  db: Db;
}

/** Opens or creates a data folder: its database (backed up before any migration), user and tokens. */
export async function openDataFolder(options: DataFolderOptions): Promise<OpenDataFolder> {
  const paths = dataPaths(options.dataDir);
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(paths.database, options);
  try {
    const initialized = await initializeDatabase(db, {
      ...options,
      secretPath: paths.signingSecret,
      backupPath: (fromVersion) => {
        mkdirSync(paths.backups, { recursive: true });
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
