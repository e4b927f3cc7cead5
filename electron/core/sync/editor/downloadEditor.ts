import type { EditorBoot, SiteFile } from '../../../../shared/api/editor.js';
import type { FetchLike } from '../remoteClient.js';
import {
  assetNames,
  chunkFile,
  chunkGlobalOf,
  chunkLoaders,
  cssChunkIds,
  definesEditor,
  lazyChunkIds,
  pushedChunkIds,
  registeredTags,
  siteFontPaths,
  styleLoaderModules,
} from './editorBundle.js';
import { editorFeatureFlags } from './editorFeatureFlags.js';

/*
 * Downloads the editor a remote Label Studio serves to its own browsers: the files under
 * `/react-app/` that start it (no token needed: Label Studio serves them to anyone), found by
 * reading its build (editorBundle.ts). Everything is held in memory until it is complete, so a
 * download cut short leaves nothing behind.
 */

/** The files Label Studio's page loads itself (its webpack build's runtime, vendor and main bundles). */
const STATIC_SCRIPTS = ['runtime.js', 'vendor.js'];
const APP_BUNDLE = 'main.js';
const APP_STYLES = 'main.css';
/** A hostile or broken server must not fill the disk: 1.22's editor is about 8 MB in all. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 160 * 1024 * 1024;
const MAX_LAZY_CHUNKS = 100;

export class EditorDownloadError extends Error {}

export interface DownloadedEditor {
  boot: EditorBoot;
  tags: string[];
  site_files: SiteFile[];
  /** File name -> bytes, every file the editor loads. */
  files: Map<string, Buffer>;
}

export interface DownloadEditorOptions {
  url: string;
  /** The remote's release (`/api/version`), which decides the editor's feature flags. */
  release: string;
  fetch?: FetchLike | undefined;
  signal?: AbortSignal | undefined;
}

export async function downloadEditor(options: DownloadEditorOptions): Promise<DownloadedEditor> {
  const send = options.fetch ?? fetch;
  const root = options.url.replace(/\/+$/, '');
  const files = new Map<string, Buffer>();
  let total = 0;

  /** A file under /react-app/, or (with `path`) elsewhere on the server, kept as `name`. */
  const get = async (name: string, path = `/react-app/${name}`): Promise<string> => {
    const known = files.get(name);
    if (known) return known.toString('utf8');
    const response = await send(root + path, { signal: options.signal, redirect: 'error' });
    if (!response.ok) throw new EditorDownloadError(`GET ${path} answered ${response.status}.`);
    const body = Buffer.from(await response.arrayBuffer());
    total += body.length;
    if (body.length > MAX_FILE_BYTES || total > MAX_TOTAL_BYTES) {
      throw new EditorDownloadError(`The editor's files are larger than ${MAX_TOTAL_BYTES / 1024 / 1024} MB.`);
    }
    files.set(name, body);
    return body.toString('utf8');
  };

  const runtime = await get(STATIC_SCRIPTS[0]!);
  const chunkGlobal = chunkGlobalOf(runtime);
  if (!chunkGlobal) throw new EditorDownloadError('runtime.js is not a webpack runtime this version of Outpost knows.');
  const loaded = new Set<number>();
  for (const name of [...STATIC_SCRIPTS.slice(1), APP_BUNDLE]) {
    for (const id of pushedChunkIds(await get(name))) loaded.add(id);
  }
  await get(APP_STYLES);

  const app = await get(APP_BUNDLE);
  const editor = await findEditorLoader(app, loaded, get);
  const editorTexts = await Promise.all(editor.chunks.map((id) => get(chunkFile(id, 'js'))));

  // Chunks the editor loads later (audio decoding, for one), and theirs in turn.
  const wanted = new Set(editor.chunks);
  const queue = [...editorTexts];
  while (queue.length > 0) {
    for (const id of lazyChunkIds(queue.shift()!)) {
      if (loaded.has(id) || wanted.has(id)) continue;
      if (wanted.size >= MAX_LAZY_CHUNKS) throw new EditorDownloadError('The editor loads too many chunks.');
      wanted.add(id);
      queue.push(await get(chunkFile(id, 'js')));
    }
  }
  const needed = [...STATIC_SCRIPTS, APP_BUNDLE, APP_STYLES, ...[...wanted].map((id) => chunkFile(id, 'js'))];
  const withStyles = new Set(cssChunkIds(runtime));
  for (const id of wanted) if (withStyles.has(id)) needed.push(chunkFile(id, 'css'));
  for (const id of wanted) needed.push(...assetNames(await get(chunkFile(id, 'js'))));
  for (const name of needed) await get(name);
  // The fonts the stylesheets take from the server's root, served by Outpost at the same paths.
  const siteFiles: SiteFile[] = [];
  for (const css of needed.filter((name) => name.endsWith('.css'))) {
    for (const path of siteFontPaths(await get(css))) {
      const name = path.split('/').pop()!;
      if (siteFiles.some((file) => file.name === name) || needed.includes(name)) continue;
      await get(name, path);
      siteFiles.push({ path, name });
    }
  }

  return {
    boot: {
      chunkGlobal,
      scripts: STATIC_SCRIPTS,
      modules: [APP_BUNDLE],
      styles: [APP_STYLES],
      ...editor,
      styleModules: styleLoaderModules(app),
      featureFlags: editorFeatureFlags(options.release),
    },
    tags: registeredTags(editorTexts.join('\n')),
    site_files: siteFiles,
    // Only what the editor loads: the Data Manager's chunks, read while looking, stay out.
    files: new Map([...needed, ...siteFiles.map((file) => file.name)].map((name) => [name, files.get(name)!])),
  };
}

/**
 * The loader whose module sets `window.LabelStudio` (main.js also loads the Data Manager this
 * way). Chunks already loaded by the static bundles are left out of what the page must load.
 */
async function findEditorLoader(
  bundle: string,
  loaded: ReadonlySet<number>,
  get: (name: string) => Promise<string>,
): Promise<{ chunks: number[]; module: number }> {
  const tried = new Set<string>();
  for (const loader of chunkLoaders(bundle)) {
    const chunks = loader.chunks.filter((id) => !loaded.has(id));
    const key = `${chunks.join(',')}:${loader.module}`;
    if (tried.has(key)) continue;
    tried.add(key);
    // The editor's module lives in the last chunk the loader waits for; look there first.
    for (const id of [...chunks].reverse()) {
      if (definesEditor(await get(chunkFile(id, 'js')), loader.module)) return { chunks, module: loader.module };
    }
  }
  throw new EditorDownloadError(
    "main.js loads no module that sets window.LabelStudio: this is not Label Studio 1.22's layout.",
  );
}
