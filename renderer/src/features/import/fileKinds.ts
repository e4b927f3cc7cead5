/** The extensions Label Studio imports; the server still decides. */
export const IMPORT_EXTENSIONS = [
  'json',
  'csv',
  'tsv',
  'txt',
  'htm',
  'html',
  'xml',
  'bmp',
  'gif',
  'jpg',
  'jpeg',
  'png',
  'svg',
  'webp',
  'flac',
  'm4a',
  'mp3',
  'ogg',
  'wav',
  'mp4',
  'webm',
] as const;

/** For the file picker's `accept`: a hint to the OS dialog, not a filter the server relies on. */
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const TABULAR = new Set(['csv', 'tsv', 'txt']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** CSV, TSV and TXT can be a list of tasks or one task each: the user chooses before committing. */
export function isTabular(name: string): boolean {
  return TABULAR.has(extensionOf(name));
}

/** A batch with tabular files goes through the two-step import (upload, review, commit). */
export function needsReview(names: readonly string[]): boolean {
  return names.some(isTabular);
}

/**
 * Files a folder walk skips: hidden ones (`.DS_Store`, `.git/…`) are never data, and one of them
 * would make the server refuse the whole batch for its extension.
 */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') && part !== '.' && part !== '..');
}

/** `upload/7/1a2b3c4d-data.csv` → `data.csv`: the name the user gave the file. */
export function uploadedFileName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return /^[0-9a-f]{8}-/.test(base) ? base.slice(9) : base;
}

/** A stable identity for de-duplicating a file added twice (picked, then dropped again). */
export function fileKey(file: { name: string; size: number; lastModified: number }, path: string): string {
  return `${path || file.name}|${file.size}|${file.lastModified}`;
}

const NATURAL = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Files in the order a person reads their names: `img2` before `img10`, folder by folder. Tasks are
 * created in upload order, so this is the order they are labeled in. Equal names keep their order.
 */
export function inNaturalOrder<T extends { file: { name: string }; path: string }>(files: readonly T[]): T[] {
  const key = (item: T) => item.path || item.file.name;
  return [...files].sort((a, b) => NATURAL.compare(key(a), key(b)));
}
