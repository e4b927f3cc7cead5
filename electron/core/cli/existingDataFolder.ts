import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataPaths } from '../dataDir.js';
import { UsageError } from './usage.js';

/**
 * A command that only reads a data folder (token, export) must not make a new one from a mistyped
 * `--data`: it would print the tokens of an empty Outpost, or say a project does not exist, and
 * leave a stray folder behind. A named folder must hold Outpost's database already, or be an empty
 * folder made for one.
 */
export function requireExistingDataFolder(command: string, dataDir: string): string {
  const folder = resolve(dataDir);
  if (existsSync(dataPaths(folder).database)) return folder;
  if (!existsSync(folder)) throwNotDataFolder(command, dataDir, folder, 'does not exist');
  if (readdirSync(folder).length > 0) {
    throwNotDataFolder(
      command,
      dataDir,
      folder,
      'is not an Outpost data folder (it holds other files and no outpost.db)',
    );
  }
  return folder;
}

function throwNotDataFolder(command: string, dataDir: string, folder: string, what: string): never {
  throw new UsageError(
    `outpost ${command}: ${folder} ${what}. Check the path, or start Outpost on it first (outpost serve --data ${dataDir}).`,
  );
}
