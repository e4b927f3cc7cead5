/**
 * "Label a folder": what a folder holds, the templates that fit it, and how its files are
 * imported (which names, and how a config reads them). Pure, for unit tests.
 */
import type { StorageFile } from '../../api/storages';
import type { LabelTemplate, TemplateCatalog } from '../../api/templates';
import { pluralize } from '../../../../shared/text/counts';

export type MediaKind = 'image' | 'text' | 'audio' | 'video';
export type FileKind = MediaKind | 'other';

export const MEDIA_EXTENSIONS: Record<MediaKind, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'svg', 'avif'],
  text: ['txt', 'text', 'md'],
  audio: ['wav', 'mp3', 'ogg', 'oga', 'flac', 'm4a', 'aac', 'opus'],
  video: ['mp4', 'webm', 'mov', 'm4v', 'ogv'],
};

const KIND_ORDER: readonly MediaKind[] = ['image', 'text', 'audio', 'video'];

/** What the gallery offers first for each kind: a classification, then a richer task. */
export const SUGGESTED_TITLES: Record<MediaKind, readonly string[]> = {
  image: ['Sort Photos into Categories', 'Box Objects in Images'],
  text: ['Judge Sentiment', 'Tag Named Entities'],
  audio: ['Classify Sounds', 'Transcribe Recordings'],
  video: ['Classify Video Clips'],
};

const KIND_WORDS: Record<FileKind, [string, string]> = {
  image: ['image', 'images'],
  text: ['text file', 'text files'],
  audio: ['audio file', 'audio files'],
  video: ['video', 'videos'],
  other: ['other file', 'other files'],
};

export interface FolderSummary {
  counts: Record<FileKind, number>;
  total: number;
  /** The kind most files are, or null when none is one Outpost labels. */
  kind: MediaKind | null;
  /** The listing stopped at its limit: the folder holds more. */
  hasMore: boolean;
}

/** The last part of a path, Windows or POSIX, without trailing separators. */
export function baseName(path: string): string {
  const parts = path
    .trim()
    .split(/[\\/]+/)
    .filter(Boolean);
  return parts.at(-1) ?? '';
}

export function fileKind(name: string): FileKind {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return KIND_ORDER.find((kind) => MEDIA_EXTENSIONS[kind].includes(extension)) ?? 'other';
}

export function summarizeFolder(files: readonly StorageFile[]): FolderSummary {
  const counts: Record<FileKind, number> = { image: 0, text: 0, audio: 0, video: 0, other: 0 };
  let hasMore = false;
  for (const file of files) {
    // A null key marks the listing's limit; the scan timeout's marker is not a file either.
    if (file.key === null || file.size === null) {
      hasMore = true;
      continue;
    }
    counts[fileKind(baseName(file.key))] += 1;
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const best = KIND_ORDER.reduce<MediaKind | null>(
    (found, kind) => (counts[kind] > 0 && (found === null || counts[kind] > counts[found]) ? kind : found),
    null,
  );
  return { counts, total, kind: best, hasMore };
}

/** "12 images and 3 other files", "no files". */
export function summaryText(summary: FolderSummary): string {
  const parts = (Object.keys(KIND_WORDS) as FileKind[])
    .filter((kind) => summary.counts[kind] > 0)
    .map((kind) => {
      const count = summary.counts[kind];
      return pluralize(count, KIND_WORDS[kind][0], KIND_WORDS[kind][1]);
    });
  if (parts.length === 0) return 'no files';
  const text = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return summary.hasMore ? `at least ${text}` : text;
}

/** The gallery's templates that fit this kind of file, best first. */
export function suggestedTemplates(catalog: TemplateCatalog, kind: MediaKind | null): LabelTemplate[] {
  if (!kind) return [];
  return SUGGESTED_TITLES[kind]
    .map((title) => catalog.templates.find((template) => template.title === title))
    .filter((template): template is LabelTemplate => template !== undefined);
}

const OBJECT_TAGS: [RegExp, MediaKind][] = [
  [/<Image\b/, 'image'],
  [/<(Text|HyperText)\b/, 'text'],
  [/<(Audio|AudioPlus)\b/, 'audio'],
  [/<Video\b/, 'video'],
];

/** The kind of file a config labels, by its first object tag (Image, Text, Audio, Video). */
export function configKind(config: string): MediaKind | null {
  let found: { at: number; kind: MediaKind } | null = null;
  for (const [pattern, kind] of OBJECT_TAGS) {
    const at = config.search(pattern);
    if (at >= 0 && (found === null || at < found.at)) found = { at, kind };
  }
  return found?.kind ?? null;
}

/** `[jJ][pP][gG]`: Label Studio's filter is Python's re.match, and JavaScript has no inline (?i). */
function anyCase(text: string): string {
  return [...text].map((char) => (/[a-z]/.test(char) ? `[${char}${char.toUpperCase()}]` : char)).join('');
}

/** The file filter that imports only this kind of file (matched against each file's name). */
export function kindFilter(kind: MediaKind): string {
  return `.*\\.(${MEDIA_EXTENSIONS[kind].map(anyCase).join('|')})$`;
}

/**
 * The config as it must read files by URL: a task of a text file holds the file's address, so
 * Text and HyperText tags load it (`valueType="url"`) instead of showing the address.
 */
export function configForFiles(config: string): string {
  return config.replace(/<(Text|HyperText)\b([^>]*?)(\/?)>/g, (tag, name: string, attributes: string, close: string) =>
    /\bvalueType\s*=/.test(attributes) ? tag : `<${name}${attributes.replace(/\s+$/, '')} valueType="url"${close}>`,
  );
}

/** The folder's name as a project title: Label Studio's titles have 3 to 50 characters. */
export function projectTitleFor(path: string): string {
  const name = baseName(path);
  if (name.length < 3) return `Folder ${name}`.trim();
  return name.length <= 50 ? name : `${name.slice(0, 49).trimEnd()}…`;
}

export interface FolderImportPlan {
  /** The config with text tags reading files by URL. */
  config: string;
  /** Only files of the kind the config labels (or the folder holds) become tasks. */
  regexFilter: string | null;
}

/** What the project and its storage get for this folder and chosen config. */
export function folderImportPlan(config: string, summary: FolderSummary | null): FolderImportPlan {
  const kind = configKind(config) ?? summary?.kind ?? null;
  return { config: configForFiles(config), regexFilter: kind ? kindFilter(kind) : null };
}
