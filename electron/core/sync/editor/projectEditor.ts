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
import { readChosenEditor } from './chosenEditor.js';
import { checkEditor, readManifest, remoteOfEditorKey } from './editorCache.js';

/*
 * Which editor labels a project: a mirrored project the editor cached from its own remote, and
 * nothing else; a project made here the bundled 1.4.0, unless someone chose a cached editor for
 * it in its settings. Either falls back to the bundled editor when that editor is not there.
 * Every file of the chosen editor is checked against its manifest first; one that fails removes
 * that editor, and the answer says so.
 */

const bundled = (notice: string | null): ProjectEditor => ({
  kind: 'bundled',
  key: null,
  version: BUNDLED_EDITOR_VERSION,
  source: null,
  tags: [...BUNDLED_EDITOR_TAGS],
  notice,
});

const cached = (manifest: CachedEditorManifest): ProjectEditor => ({
  kind: 'cached',
  key: manifest.key,
  version: manifest.release,
  source: manifest.source,
  tags: manifest.tags,
  notice: null,
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

/** The cached editor `key` if it is whole, else the bundled one saying why (`missing`: when it is not there). */
async function cachedOrBundled(dataDir: string, key: string, missing: string, source: string): Promise<ProjectEditor> {
  const manifest = await readManifest(dataDir, key);
  const state = await checkEditor(dataDir, key);
  if (state === 'ok' && manifest) return cached(manifest);
  return bundled(state === 'discarded' ? tampered(manifest?.source ?? source) : missing);
}

export async function projectEditor(deps: { db: Db; dataDir: string }, projectId: number): Promise<ProjectEditor> {
  if (!projectExists(deps.db, projectId)) throw new NotFoundError('No Project matches the given query.');
  const remote = findRemoteOfProject(deps.db, projectId);
  if (remote) {
    if (!remote.editor_key) return bundled(null);
    const missing = `The editor of ${remote.url} is not on this computer: sync with it to label with its own editor.`;
    // Only what this remote served: a key of another remote's folder is treated as absent.
    if (remoteOfEditorKey(remote.editor_key) !== remote.id) return bundled(missing);
    return cachedOrBundled(deps.dataDir, remote.editor_key, missing, remote.url);
  }
  const chosen = readChosenEditor(deps.db, projectId);
  if (!chosen) return bundled(null);
  const missing =
    `The editor chosen for this project (Label Studio ${chosen.release} from ${chosen.source}) is no longer ` +
    'on this computer: choose another in the project settings.';
  return cachedOrBundled(deps.dataDir, chosen.key, missing, chosen.source);
}
