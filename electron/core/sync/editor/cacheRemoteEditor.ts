import type { Db } from '../../db/open.js';
import { isEditorKeyInUse, updateRemoteRow } from '../../db/repos/remotesRepo.js';
import { formatTimestamp, type Clock } from '../../domain/clock.js';

import type { FetchLike, RemoteVersion } from '../remoteClient.js';
import { downloadEditor } from './downloadEditor.js';
import { checkEditor, discardEditor, editorKey, storeEditor } from './editorCache.js';

/*
 * Keeps a copy of the editor a remote serves (docs/editor.md#remote-editors), so its projects are
 * labeled offline with the editor their team uses. Run when a remote is added and on every sync.
 * The copy is named by the remote's /api/version (release and editor commit): while that stays the
 * same and the copy checks out, nothing is downloaded; a newer one replaces it.
 */

export interface EditorCacheDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
  fetch?: FetchLike | undefined;
}

export interface RemoteForEditor {
  id: number;
  url: string;
  editor_key: string | null;
}

export type EditorCacheResult =
  | { status: 'current' | 'downloaded'; key: string }
  /** The remote names no editor build (another Outpost, or a Label Studio too old to say). */
  | { status: 'none'; key: null };

/** The editor's commit, as /api/version gives it (`label-studio-frontend` or `lsf`; 1.22 shortens it to 6 digits). */
export function editorCommitOf(version: RemoteVersion): string | null {
  for (const name of ['label-studio-frontend', 'lsf']) {
    const commit = (version[name] as { commit?: unknown } | undefined)?.commit;
    if (typeof commit === 'string' && /^[0-9a-f]{6,64}$/i.test(commit)) return commit;
  }
  return null;
}

export async function cacheRemoteEditor(
  deps: EditorCacheDeps,
  remote: RemoteForEditor,
  version: RemoteVersion,
  signal?: AbortSignal,
): Promise<EditorCacheResult> {
  const commit = editorCommitOf(version);
  // An Outpost serves the bundled editor only: there is nothing of its own to copy.
  if (!commit || 'outpost' in version) return { status: 'none', key: null };
  // This remote's own copy: another remote on the same build never lends it one.
  const key = editorKey(remote.id, version.release, commit);
  if ((await checkEditor(deps.dataDir, key)) === 'ok') {
    await setEditorKey(deps, remote, key);
    return { status: 'current', key };
  }
  await downloadOnce(`${deps.dataDir}\0${key}`, async () => {
    const editor = await downloadEditor({ url: remote.url, release: version.release, fetch: deps.fetch, signal });
    const fetchedAt = formatTimestamp(deps.clock());
    const manifest = { key, release: version.release, commit, source: remote.url, fetched_at: fetchedAt };
    await storeEditor(
      deps.dataDir,
      { ...manifest, boot: editor.boot, tags: editor.tags, site_files: editor.site_files },
      editor.files,
    );
  });
  await setEditorKey(deps, remote, key);
  return { status: 'downloaded', key };
}

/** Downloads in progress, by data folder and key: a sync started while a remote is being added shares it. */
const downloads = new Map<string, Promise<void>>();

function downloadOnce(id: string, download: () => Promise<void>): Promise<void> {
  const running = downloads.get(id);
  if (running) return running;
  const started = download().finally(() => downloads.delete(id));
  downloads.set(id, started);
  return started;
}

async function setEditorKey(deps: EditorCacheDeps, remote: RemoteForEditor, key: string): Promise<void> {
  if (remote.editor_key === key) return;
  updateRemoteRow(deps.db, remote.id, { editor_key: key });
  const previous = remote.editor_key;
  remote.editor_key = key;
  // The build it replaces goes (a key from before editors were kept per remote names no folder).
  if (previous && !isEditorKeyInUse(deps.db, previous)) await discardEditor(deps.dataDir, previous);
}
