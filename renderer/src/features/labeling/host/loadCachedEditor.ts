/**
 * Loads a cached Label Studio 1.22 editor (`editor.html?editor=<key>`) from the files sync
 * downloaded from the remote, served at `/outpost-editors/<key>/`. In 1.22 the editor is no
 * library of its own but webpack chunks of the server's web app (CONTRIBUTING.md, "Label Studio
 * 1.22's editor"): this starts the editor's chunks the way the app's `main.js` does, without
 * starting the app. Its boot recipe comes from the page (this frame may fetch nothing); its
 * scripts and styles come from this server, so the frame's CSP still holds.
 */
import type { EditorBoot } from '../../../../../shared/api/editor';
import { cachedEditorFolder, readEditorBoot } from '../cachedEditorBoot';

/** The editor is several megabytes of script: on a loaded machine it takes seconds to start. */
export const CACHED_EDITOR_TIMEOUT_MS = 20_000;

/** One item of webpack's chunk array: [chunk ids, modules, entry callback]. */
type ChunkItem = unknown[];
type ChunkArray = ChunkItem[];
interface WebpackRequire {
  (moduleId: number): unknown;
  /** Loads a chunk (its script, and its CSS where it has some) from the runtime's public path. */
  e(chunkId: number): Promise<unknown>;
}

function addScript(url: string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    // An address of this server's: the webpack runtime takes its public path from it.
    script.src = url;
    // Served with CORS for this opaque-origin frame: its errors then carry their messages.
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Its file ${name} did not load.`));
    document.head.append(script);
  });
}

/**
 * Stylesheets before this page's own (`before`, the first of them), in their order, so this
 * page's small stylesheet wins where both set something.
 */
function addStyles(folder: URL, names: readonly string[], before: ChildNode | null): Promise<void> {
  const loads = names.map(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = new URL(name, folder).href;
        link.onload = () => resolve();
        link.onerror = () => reject(new Error(`Its file ${name} did not load.`));
        document.head.insertBefore(link, before);
      }),
  );
  return Promise.all(loads).then(() => undefined);
}

function chunkArray(name: string): ChunkArray {
  const array = (self as unknown as Record<string, unknown>)[name];
  // The runtime replaces the array's push with its own loader: a plain push means it never ran.
  if (!Array.isArray(array) || array.push === Array.prototype.push) {
    throw new Error(`Its scripts did not set up the chunk loader (${name}).`);
  }
  return array as ChunkArray;
}

/**
 * Runs a bundle of the remote's app for its modules only: each chunk it pushes loses its entry
 * callback (item 2), which would start the remote's whole app in this page.
 */
async function addModulesOnly(array: ChunkArray, url: string, name: string): Promise<void> {
  const push = array.push;
  array.push = (...items: ChunkItem[]) =>
    push.apply(
      array,
      items.map((item) => [item[0], item[1]]),
    );
  try {
    await addScript(url, name);
  } finally {
    array.push = push;
  }
}

/**
 * Has the runtime load the editor's chunks and run its module, which sets `window.LabelStudio`.
 * The runtime calls an item's third element with its require whenever the item names a chunk not
 * loaded yet, as the made-up `outpost-editor-boot` is.
 */
function startEditorModule(array: ChunkArray, boot: EditorBoot, stylesBefore: ChildNode | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = (require: WebpackRequire) => {
      const started = Promise.all(boot.chunks.map((id) => require.e(id))).then(() => {
        for (const id of boot.styleModules) addStyleModule(require, id, stylesBefore);
        require(boot.module);
      });
      started.then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
      return started;
    };
    array.push([['outpost-editor-boot'], {}, run]);
  });
}

/** What style-loader would do with a css-loader module: its CSS in a <style>, after the linked sheets. */
function addStyleModule(require: WebpackRequire, id: number, before: ChildNode | null): void {
  const exported = require(id) as { A?: unknown; default?: unknown } | null;
  const list = exported?.A ?? exported?.default;
  // css-loader's list prints as its CSS; a plain array would print as its items.
  if (!Array.isArray(list) || list.toString === Array.prototype.toString) {
    throw new Error(`Its module ${id} holds no stylesheet.`);
  }
  const style = document.createElement('style');
  style.textContent = String(list);
  document.head.insertBefore(style, before);
}

/**
 * What a Label Studio page sets before its editor loads and the editor reads: the feature flags
 * that pick its behaviour (the server's own, from the manifest; any other flag is off, as there).
 */
function setAppSettings(featureFlags: Record<string, boolean>): void {
  const global = window as { APP_SETTINGS?: Record<string, unknown> };
  global.APP_SETTINGS = {
    ...global.APP_SETTINGS,
    feature_flags: { ...featureFlags },
    feature_flags_default_value: false,
    version_edition: 'Community',
  };
}

async function loadFiles(key: string, recipe: unknown): Promise<void> {
  const folder = new URL(cachedEditorFolder(key), location.origin);
  const boot = readEditorBoot({ boot: recipe });
  setAppSettings(boot.featureFlags);
  const ownStyles = document.head.firstChild;
  const styles = addStyles(folder, boot.styles, ownStyles);
  // Awaited after the scripts; until then a failure must not count as unhandled (the host reports those).
  styles.catch(() => undefined);
  for (const name of boot.scripts) await addScript(new URL(name, folder).href, name);
  const array = chunkArray(boot.chunkGlobal);
  for (const name of boot.modules) await addModulesOnly(array, new URL(name, folder).href, name);
  await startEditorModule(array, boot, ownStyles);
  await styles;
  if (typeof (window as { LabelStudio?: unknown }).LabelStudio !== 'function') {
    throw new Error('Its files loaded but did not set up the editor (window.LabelStudio).');
  }
}

/** Resolves once `window.LabelStudio` is the cached editor's; rejects with a sentence saying why not. */
export function loadCachedEditor(key: string, boot: unknown, timeoutMs = CACHED_EDITOR_TIMEOUT_MS): Promise<void> {
  let timer = 0;
  const work = loadFiles(key, boot);
  // Once the wait is over the outcome no longer matters; it must not surface as unhandled either.
  work.catch(() => undefined);
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = window.setTimeout(
      () => reject(new Error(`Its files did not start the editor within ${Math.round(timeoutMs / 1000)} seconds.`)),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => window.clearTimeout(timer));
}
