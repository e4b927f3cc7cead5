/*
 * Reading a remote Label Studio's web app to find its editor (see CONTRIBUTING.md, "Label Studio
 * 1.22's editor"). The app is a webpack build: a runtime, a vendor chunk and main.js load
 * statically; main.js loads the editor's chunks on demand and takes `LabelStudio` from one module
 * of them. None of it has a public API, so what is read here is the build's own text, with
 * patterns that fail loudly (an error naming what was missing) rather than guess.
 */

/** A loader in main.js: `Promise.all([n.e(680), …]).then(n.bind(n, 82142))`. */
export interface ChunkLoader {
  chunks: number[];
  module: number;
}

const uniqueNumbers = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

/** The global array the build's chunks push into, e.g. `webpackChunklabelstudio`. */
export function chunkGlobalOf(runtime: string): string | null {
  return /self\.(webpackChunk[\w$]*)\s*=\s*self\.\1\s*\|\|\s*\[\]/.exec(runtime)?.[1] ?? null;
}

/** The chunk ids a chunk file registers (`….push([[502], {…}])`). */
export function pushedChunkIds(chunk: string): number[] {
  const ids = /\.push\(\[\[([\d,\s]*)\]/.exec(chunk)?.[1] ?? '';
  return uniqueNumbers(
    ids
      .split(',')
      .filter((id) => id.trim() !== '')
      .map(Number),
  );
}

/** Every `Promise.all([x.e(1), x.e(2)]).then(x.bind(x, 3))` in a bundle, in order. */
export function chunkLoaders(bundle: string): ChunkLoader[] {
  const loaders: ChunkLoader[] = [];
  const pattern = /Promise\.all\(\[((?:[\w$]+\.e\(\d+\),?)+)\]\)\.then\(([\w$]+)\.bind\(\2,(\d+)\)\)/g;
  for (const match of bundle.matchAll(pattern)) {
    const chunks = [...match[1]!.matchAll(/\.e\((\d+)\)/g)].map((item) => Number(item[1]));
    loaders.push({ chunks, module: Number(match[3]) });
  }
  return loaders;
}

/** Chunks a bundle loads lazily (`n.e(710)`), such as the editor's audio decoder. */
export function lazyChunkIds(bundle: string): number[] {
  return uniqueNumbers([...bundle.matchAll(/[\w$]\.e\((\d+)\)/g)].map((match) => Number(match[1])));
}

/** The chunks that come with a stylesheet (the runtime's `{511:1,515:1,853:1}[id]` table). */
export function cssChunkIds(runtime: string): number[] {
  const table = /\{((?:\d+:1,)*\d+:1)\}\[/.exec(runtime)?.[1] ?? '';
  return uniqueNumbers(
    table
      .split(',')
      .filter(Boolean)
      .map((entry) => Number(entry.split(':')[0])),
  );
}

/** Files a bundle addresses beside itself (`n.p + "decode-audio.wasm"`). */
export function assetNames(bundle: string): string[] {
  return [...new Set([...bundle.matchAll(/[\w$]\.p\+"([\w.-]+)"/g)].map((match) => match[1]!))].sort();
}

/**
 * Modules whose CSS a bundle adds to the page through style-loader (`a = n(97562), o = {};
 * o.styleTagTransform = …`): in main.js, 1.22's Tailwind rules, which only the app's entry adds.
 */
export function styleLoaderModules(bundle: string): number[] {
  const pattern = /[\w$]+=[\w$]+\((\d+)\),([\w$]+)=\{\};\2\.styleTagTransform=/g;
  return uniqueNumbers([...bundle.matchAll(pattern)].map((match) => Number(match[1])));
}

/**
 * Fonts a stylesheet takes from the server's root rather than beside itself
 * (`url(/static/fonts/Figtree-Regular.ttf)` in 1.22's main.css).
 */
export function siteFontPaths(css: string): string[] {
  const pattern = /url\(\s*['"]?(\/static\/fonts\/[\w.-]+\.(?:ttf|otf|woff2?))['"]?\s*\)/g;
  return [...new Set([...css.matchAll(pattern)].map((match) => match[1]!))].sort();
}

/** Whether this chunk defines `module` and it is the one that sets `window.LabelStudio`. */
export function definesEditor(chunk: string, module: number): boolean {
  return new RegExp(`[{,]${module}:\\(`).test(chunk) && chunk.includes('window.LabelStudio=');
}

/** The tag names an editor registers (`Registry.addTag("datetime", …)`), lower case, sorted. */
export function registeredTags(bundle: string): string[] {
  const names = [...bundle.matchAll(/\.addTag\("([A-Za-z][\w-]*)"/g)].map((match) => match[1]!.toLowerCase());
  return [...new Set(names)].sort();
}

/** A chunk's file name: the build names chunks by id (`853.js`, `853.css`), without hashes. */
export const chunkFile = (id: number, extension: 'js' | 'css') => `${id}.${extension}`;
