import type { Db } from '../open.js';
import { statement } from '../statement.js';

export function readSetting(db: Db, key: string): string | null {
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function writeSetting(db: Db, key: string, value: string): void {
  statement(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

export function deleteSetting(db: Db, key: string): void {
  statement(db, 'DELETE FROM settings WHERE key = ?').run(key);
}

/** The cached editor chosen for a project made here (see sync/editor/chosenEditor.ts). */
export const projectEditorSettingKey = (projectId: number) => `project_editor:${projectId}`;
