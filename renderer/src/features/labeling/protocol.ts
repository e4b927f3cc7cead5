/**
 * The messages between the labeling page and the editor iframe (`editor.html`). The frame is
 * sandboxed without same-origin access (its origin is opaque: it runs a remote server's code and
 * must hold no credentials), so this protocol is all it can reach of the app. Both sides run the
 * same checks: the message must come from the expected window, from the expected origin (the
 * app's for the page's messages, "null" for the frame's), and have one of the shapes below.
 * Pure code: imported by unit tests under Node.
 */
import type { EditorBoot } from '../../../../shared/api/editor';
import type { ShortcutAction } from './shortcuts';

/** What the page sees as the origin of the frame's messages: a sandboxed document's opaque origin. */
export const FRAME_ORIGIN = 'null';

/**
 * The task's media as the page fetched it with its own session (the frame has none), by the
 * address the task data names: the frame shows each from a blob: URL of its own.
 */
export type TaskMedia = Record<string, Blob>;

/** A region or classification as the editor serializes it; kept opaque here. */
export type ResultItem = Record<string, unknown>;

/** The task in the editor's own shape (see `lsTask.ts`). */
export interface EditorTask {
  id: number;
  data: Record<string, unknown>;
  annotations: Record<string, unknown>[];
  predictions: Record<string, unknown>[];
}

/** Work in progress to put back into the editor: on a new annotation (`annotationId` null) or an existing one. */
export interface DraftToRestore {
  annotationId: number | null;
  result: ResultItem[];
}

/** Who labels, as the editor shows it on annotations it creates. */
export interface EditorUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export interface EditorSetup {
  config: string;
  user: EditorUser;
  task: EditorTask;
  interfaces: string[];
  shortcuts: Record<ShortcutAction, string>;
  /** A new empty annotation is created unless the editor should open on an existing one. */
  selectAnnotationId: number | null;
  draft: DraftToRestore | null;
  /** The preview shows the config only: no drafts, no submit. */
  preview: boolean;
}

/** The app's resolved theme; the editor page follows it as far as the editor's CSS allows. */
export type EditorTheme = 'light' | 'dark';

export const isEditorTheme = (value: unknown): value is EditorTheme => value === 'light' || value === 'dark';

/** The theme the app names in the frame's address (`editor.html?theme=dark`); light when absent or unknown. */
export function themeFromAddress(search: string): EditorTheme {
  const named = new URLSearchParams(search).get('theme');
  return isEditorTheme(named) ? named : 'light';
}

/**
 * The cached editor the frame loads, as its address names it (`editor.html?editor=<key>`); null
 * for the bundled editor.
 */
export function editorKeyFromAddress(search: string): string | null {
  const key = new URLSearchParams(search).get('editor');
  return key === null || key === '' ? null : key;
}

/** The frame's address: its theme, and the cached editor it loads (none: the bundled one). */
export function editorAddress(theme: EditorTheme, editorKey: string | null): string {
  const query = new URLSearchParams({ theme });
  if (editorKey !== null) query.set('editor', editorKey);
  return `./editor.html?${query.toString()}`;
}

/**
 * What an `error` is about, where the page acts on it. `editor-files`: a cached editor's own
 * files could not be loaded (missing, refused by their check, or they never set the editor up),
 * so the page labels with the bundled editor instead.
 */
export type EditorErrorKind = 'editor-files';

export type ParentMessage =
  /** The answer to `hello`: how to start the cached editor the address names (null: the bundled one). */
  | { type: 'boot'; boot: EditorBoot | null }
  | { type: 'init'; setup: EditorSetup; media: TaskMedia }
  | { type: 'theme'; theme: EditorTheme }
  /**
   * Whether this frame is the one on screen (a cached editor's next task is built in a frame out
   * of sight); the frame marks its document with it (`data-shown`) for the code that runs there.
   */
  | { type: 'shown'; shown: boolean }
  | { type: 'command'; name: 'submit' | 'skip' }
  /** The interactive model's answer to an `interactive` request: regions to suggest (empty when none). */
  | { type: 'suggestions'; requestId: number; result: ResultItem[] };

export type HostMessage =
  /** The frame's page is up and asks how to start its editor (`boot`). */
  | { type: 'hello' }
  | { type: 'ready' }
  /** How tall the editor's content is, in CSS pixels: the page gives the frame that much room. */
  | { type: 'height'; height: number }
  | { type: 'loaded' }
  | { type: 'error'; message: string; kind?: EditorErrorKind }
  | { type: 'submit'; result: ResultItem[]; leadTime: number }
  | { type: 'update'; annotationId: number; result: ResultItem[]; leadTime: number }
  | { type: 'skip'; annotationId: number | null; result: ResultItem[]; leadTime: number }
  | { type: 'draft'; annotationId: number | null; result: ResultItem[]; leadTime: number }
  | { type: 'select'; annotationId: number | null }
  /** The ground-truth star of a saved annotation, set or taken off in the editor. */
  | { type: 'groundTruth'; annotationId: number; value: boolean }
  | { type: 'shortcut'; action: ShortcutAction }
  /** A smart region was drawn with Auto-Annotation on: `result` is it and its group, for the interactive model. */
  | { type: 'interactive'; requestId: number; result: ResultItem[] };

/** No editor is this tall: a larger figure would stretch the page without end. */
export const MAX_FRAME_HEIGHT = 20_000;

const SHORTCUT_ACTIONS: readonly string[] = ['submit', 'skip', 'nextTask', 'previousTask', 'showHelp'];

/** Only messages from the expected window and origin are read at all. */
export function isTrustedSource(
  event: { source: unknown; origin: string },
  expectedSource: unknown,
  expectedOrigin: string,
): boolean {
  return expectedSource != null && event.source === expectedSource && event.origin === expectedOrigin;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isResult = (value: unknown): value is ResultItem[] => Array.isArray(value) && value.every(isRecord);
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isOptionalId = (value: unknown): value is number | null => value === null || isId(value);
const isLeadTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The host's message, or null when `data` is not one. */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (!isRecord(data)) return null;
  switch (data.type) {
    case 'hello':
    case 'ready':
    case 'loaded':
      return { type: data.type };
    case 'height':
      return typeof data.height === 'number' && Number.isFinite(data.height) && data.height >= 0
        ? { type: 'height', height: Math.min(Math.ceil(data.height), MAX_FRAME_HEIGHT) }
        : null;

    case 'error':
      if (typeof data.message !== 'string') return null;
      if (data.kind === undefined) return { type: 'error', message: data.message };
      return data.kind === 'editor-files' ? { type: 'error', message: data.message, kind: data.kind } : null;
    case 'submit':
      return isResult(data.result) && isLeadTime(data.leadTime)
        ? { type: 'submit', result: data.result, leadTime: data.leadTime }
        : null;
    case 'update':
      return isId(data.annotationId) && isResult(data.result) && isLeadTime(data.leadTime)
        ? { type: 'update', annotationId: data.annotationId, result: data.result, leadTime: data.leadTime }
        : null;
    case 'skip':
    case 'draft':
      return isOptionalId(data.annotationId) && isResult(data.result) && isLeadTime(data.leadTime)
        ? { type: data.type, annotationId: data.annotationId, result: data.result, leadTime: data.leadTime }
        : null;
    case 'select':
      return isOptionalId(data.annotationId) ? { type: 'select', annotationId: data.annotationId } : null;
    case 'groundTruth':
      return isId(data.annotationId) && typeof data.value === 'boolean'
        ? { type: 'groundTruth', annotationId: data.annotationId, value: data.value }
        : null;
    case 'shortcut':
      return typeof data.action === 'string' && SHORTCUT_ACTIONS.includes(data.action)
        ? { type: 'shortcut', action: data.action as ShortcutAction }
        : null;
    case 'interactive':
      return isId(data.requestId) && isResult(data.result)
        ? { type: 'interactive', requestId: data.requestId, result: data.result }
        : null;
    default:
      return null;
  }
}

function isSetup(value: unknown): value is EditorSetup {
  if (!isRecord(value) || !isRecord(value.task) || !isRecord(value.shortcuts)) return false;
  const task = value.task;
  return (
    typeof value.config === 'string' &&
    isRecord(value.user) &&
    isId(value.user.id) &&
    Array.isArray(value.interfaces) &&
    value.interfaces.every((name) => typeof name === 'string') &&
    isOptionalId(value.selectAnnotationId) &&
    typeof value.preview === 'boolean' &&
    (value.draft === null ||
      (isRecord(value.draft) && isOptionalId(value.draft.annotationId) && isResult(value.draft.result))) &&
    Number.isInteger(task.id) &&
    isRecord(task.data) &&
    Array.isArray(task.annotations) &&
    Array.isArray(task.predictions)
  );
}

function isMedia(value: unknown): value is TaskMedia {
  return isRecord(value) && Object.values(value).every((item) => typeof Blob !== 'undefined' && item instanceof Blob);
}

/** The page's message, or null when `data` is not one. */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === 'init') {
    return isSetup(data.setup) && isMedia(data.media) ? { type: 'init', setup: data.setup, media: data.media } : null;
  }
  // The recipe itself is checked by the loader (readEditorBoot), which says what is wrong with it.
  if (data.type === 'boot' && (data.boot === null || isRecord(data.boot))) {
    return { type: 'boot', boot: data.boot as EditorBoot | null };
  }
  if (data.type === 'theme') return isEditorTheme(data.theme) ? { type: 'theme', theme: data.theme } : null;
  if (data.type === 'shown' && typeof data.shown === 'boolean') return { type: 'shown', shown: data.shown };
  if (data.type === 'command' && (data.name === 'submit' || data.name === 'skip')) {
    return { type: 'command', name: data.name };
  }
  if (data.type === 'suggestions' && isId(data.requestId) && isResult(data.result)) {
    return { type: 'suggestions', requestId: data.requestId, result: data.result };
  }
  return null;
}
