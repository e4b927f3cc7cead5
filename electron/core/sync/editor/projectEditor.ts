import {
  BUNDLED_EDITOR_TAGS,
  BUNDLED_EDITOR_VERSION,
  type CachedEditorManifest,
  type ProjectEditor,
} from '../../../../shared/api/editor.js';
import type { Db } from '../../db/open.js';
import { projectExists } from '../../db/repos/projectExistsRepo.js';
import { findRemoteOfProject } from '../../db/repos/remotesRepo.js';
import { NotFoundError } from '../../domain/errors.js';
import { checkEditor, listEditors, readManifest } from './editorCache.js';

/*
 * Which editor labels a project: a mirrored project its remote's cached editor, a project made
 * here the newest cached editor, and either the bundled 1.4.0 when there is none. Every file of
 * the chosen editor is checked against its manifest first; one that fails removes that editor,
 * and the answer says so.
 */

const bundled = (notice: string | null): ProjectEditor => ({
  kind: 'bundled',
  key: null,
  version: BUNDLED_EDITOR_VERSION,
  source: null,
  tags: [...BUNDLED_EDITOR_TAGS],
  notice,
});

const cached = (manifest: CachedEditorManifest, notice: string | null = null): ProjectEditor => ({
  kind: 'cached',
  key: manifest.key,
  version: manifest.release,
  source: manifest.source,
  tags: manifest.tags,
  notice,
});

const tampered = (source: string) =>
  `The editor cached from ${source} did not match what was downloaded and was removed. ` +
  `The next sync with ${source} downloads it again.`;

/** Newest release first (numeric parts compared as numbers), then the newest download. */
export function newestFirst(a: CachedEditorManifest, b: CachedEditorManifest): number {
  const parts = (release: string) => release.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [x, y] = [parts(a.release), parts(b.release)];
  for (let index = 0; index < Math.max(x.length, y.length); index += 1) {
    const [p, q] = [x[index] ?? 0, y[index] ?? 0];
    if (p !== q) return typeof p === 'number' && typeof q === 'number' ? q - p : String(q).localeCompare(String(p));
  }
  return b.fetched_at.localeCompare(a.fetched_at);
}

export async function projectEditor(deps: { db: Db; dataDir: string }, projectId: number): Promise<ProjectEditor> {
  if (!projectExists(deps.db, projectId)) throw new NotFoundError('No Project matches the given query.');
  const remote = findRemoteOfProject(deps.db, projectId);
  if (remote) {
    if (!remote.editor_key) return bundled(null);
    const manifest = await readManifest(deps.dataDir, remote.editor_key);
    const state = await checkEditor(deps.dataDir, remote.editor_key);
    if (state === 'ok' && manifest) return cached(manifest);
    if (state === 'discarded') return bundled(tampered(manifest?.source ?? remote.url));
    return bundled(`The editor of ${remote.url} is not on this computer: sync with it to label with its own editor.`);
  }
  // A project made here labels with the newest editor any remote brought.
  let notice: string | null = null;
  for (const manifest of (await listEditors(deps.dataDir)).sort(newestFirst)) {
    if ((await checkEditor(deps.dataDir, manifest.key)) === 'ok') return cached(manifest, notice);
    notice ??= tampered(manifest.source);
  }
  return bundled(notice);
}
