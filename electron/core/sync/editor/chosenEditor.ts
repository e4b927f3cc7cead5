import type { CachedEditorManifest } from '../../../../shared/api/editor.js';
import type { Db } from '../../db/open.js';
import { deleteSetting, projectEditorSettingKey, readSetting, writeSetting } from '../../db/repos/settingsRepo.js';

/*
 * The cached editor someone chose for a project made here, kept in the settings table (removed
 * with the project, whose id may be given again).
 */

export interface ChosenEditor {
  key: string;
  release: string;
  source: string;
}

export function readChosenEditor(db: Db, projectId: number): ChosenEditor | null {
  const stored = readSetting(db, projectEditorSettingKey(projectId));
  if (stored === null) return null;
  try {
    const { key, release, source } = JSON.parse(stored) as Partial<ChosenEditor>;
    if (typeof key !== 'string' || typeof release !== 'string' || typeof source !== 'string') return null;
    return { key, release, source };
  } catch {
    return null;
  }
}

/** Remembers `manifest` as the project's editor; null: the bundled editor again. */
export function writeChosenEditor(db: Db, projectId: number, manifest: CachedEditorManifest | null): void {
  if (!manifest) return deleteSetting(db, projectEditorSettingKey(projectId));
  const { key, release, source } = manifest;
  writeSetting(db, projectEditorSettingKey(projectId), JSON.stringify({ key, release, source }));
}
