/**
 * Runs inside `editor.html`, a frame sandboxed with an opaque origin: loads a Label Studio
 * editor (the bundled 1.4.0, or with `?editor=<key>` a cached 1.22 one, whose boot recipe the
 * page sends: both take the same options and callbacks), builds it from the setup the labeling
 * page sends, and reports the editor's callbacks back. It has no credentials at all: no cookie,
 * no storage, and the API refuses it; the task's media arrive as bytes from the page.
 */
import './editorHost.css';
import './editorDark.css';
import './editorDarkWidgets.css';
import type { EditorBoot } from '../../../../../shared/api/editor';
import {
  editorKeyFromAddress,
  parseParentMessage,
  themeFromAddress,
  type EditorSetup,
  type HostMessage,
  type ResultItem,
  type TaskMedia,
} from '../protocol';
import { EDITOR_OWN_COMBOS, shortcutApplies } from '../shortcutPolicy';
import { actionFor, normalizeCombo } from '../shortcuts';
import { saveDraftsSooner } from './draftAutosave';
import { applyEditorTheme } from './editorTheme';
import type { LsAnnotation, LsConstructor, LsInstance, LsRegion, LsStore } from './labelStudioTypes';
import { onSmartRectangle } from './smartRectangles';
import { installMemoryStorage } from './frameStorage';
import { loadBundledEditor } from './loadBundledEditor';
import { loadCachedEditor } from './loadCachedEditor';
import { reportContentHeight } from './reportHeight';
import { installMediaFetch, mediaForEditor } from './taskMediaUrls';

const root = document.getElementById('editor') as HTMLElement;
const status = document.getElementById('editor-status') as HTMLElement;
const parentWindow = window.parent;
const editorKey = editorKeyFromAddress(location.search);
// Set before the theme: the dark styles written for 1.4.0 stay off a cached editor, which has its own.
if (editorKey !== null) document.documentElement.dataset.editor = 'cached';
applyEditorTheme(themeFromAddress(location.search));

let instance: LsInstance | null = null;
let store: LsStore | null = null;
let setup: EditorSetup | null = null;
let startedAt = Date.now();
/** Interactive requests waiting for the page's answer, by request id. */
const suggestionRequests = new Map<number, (result: ResultItem[]) => void>();
let lastRequestId = 0;

function post(message: HostMessage): void {
  parentWindow.postMessage(message, location.origin);
}

const leadTime = () => (Date.now() - startedAt) / 1000;
const annotationId = (annotation: LsAnnotation | null | undefined): number | null => {
  const id = Number(annotation?.pk);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A new annotation is made as soon as the editor loads (the editor's views expect one); the
 * task's own annotations arrive just after, so choosing one of those, the pre-annotation and the
 * draft wait a turn.
 */
function createAnnotation(ls: LsStore, current: EditorSetup): LsAnnotation | null {
  if (current.selectAnnotationId !== null) return null;
  const annotation = ls.annotationStore.addAnnotation({ userGenerate: true });
  ls.annotationStore.selectAnnotation(annotation.id);
  return annotation;
}

function openAnnotation(ls: LsStore, current: EditorSetup, created: LsAnnotation | null): void {
  const annotations = ls.annotationStore;
  const existing = annotations.annotations.find((item) => annotationId(item) === current.selectAnnotationId);
  const annotation = created ?? existing;
  if (!annotation) throw new Error(`Annotation ${current.selectAnnotationId} is not in this task.`);
  annotations.selectAnnotation(annotation.id);
  const prediction = current.task.predictions[0]?.result;
  if (current.draft && current.draft.annotationId === current.selectAnnotationId) {
    if (existing) {
      annotation.addVersions({ draft: current.draft.result });
      annotation.deleteAllRegions({ deleteReadOnly: true });
    }
    annotation.deserializeResults(current.draft.result);
    annotation.updateObjects?.();
  } else if (created && Array.isArray(prediction) && prediction.length > 0) {
    // With nothing of mine yet, the first prediction is the starting point (pre-annotation).
    annotation.deserializeResults(prediction);
    annotation.updateObjects?.();
  }
  post({ type: 'select', annotationId: annotationId(annotation) });
}

function serialize(annotation: LsAnnotation | null) {
  return annotation ? annotation.serializeAnnotation() : [];
}

function start(received: EditorSetup, media: TaskMedia): void {
  const data = mediaForEditor(received.task.data, media, received.config);
  const next: EditorSetup = { ...received, task: { ...received.task, data } };
  const LabelStudio = (window as unknown as { LabelStudio?: LsConstructor }).LabelStudio;
  if (!LabelStudio) throw new Error('The labeling editor did not start.');
  instance?.destroy();
  store = null;
  // Answers for the editor just destroyed would land nowhere.
  for (const id of [...suggestionRequests.keys()]) answerSuggestions(id, []);
  setup = next;
  startedAt = Date.now();
  root.replaceChildren();
  const preview = next.preview;
  instance = new LabelStudio(root, {
    config: next.config,
    interfaces: next.interfaces,
    task: next.task,
    user: {
      pk: next.user.id,
      id: next.user.id,
      firstName: next.user.firstName,
      lastName: next.user.lastName,
      email: next.user.email,
      username: next.user.email,
    },
    onLabelStudioLoad: (ls: LsStore) => {
      store = ls;
      const created = createAnnotation(ls, next);
      window.setTimeout(() => {
        if (store !== ls) return;
        try {
          openAnnotation(ls, next, created);
          status.textContent = '';
          post({ type: 'loaded' });
        } catch (error) {
          post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        }
      });
    },
    onSubmitAnnotation: (_ls: LsStore, annotation: LsAnnotation) => {
      if (!preview) post({ type: 'submit', result: serialize(annotation), leadTime: leadTime() });
    },
    onUpdateAnnotation: (_ls: LsStore, annotation: LsAnnotation) => {
      const id = annotationId(annotation);
      if (!preview && id)
        post({ type: 'update', annotationId: id, result: serialize(annotation), leadTime: leadTime() });
    },
    // The star on a saved annotation: Label Studio's own app saves it with a PATCH of ground_truth.
    onGroundTruth: (_ls: LsStore, annotation: LsAnnotation, value: boolean) => {
      const id = annotationId(annotation);
      if (!preview && id) post({ type: 'groundTruth', annotationId: id, value });
    },
    onSkipTask: (ls: LsStore) => {
      const annotation = ls.annotationStore.selected;
      const result = serialize(annotation);
      if (!preview) post({ type: 'skip', annotationId: annotationId(annotation), result, leadTime: leadTime() });
    },
    onSubmitDraft: preview
      ? undefined
      : (_ls: LsStore, annotation: LsAnnotation) => {
          const result = annotation.serializeAnnotation({ fast: true });
          post({ type: 'draft', annotationId: annotationId(annotation), result, leadTime: leadTime() });
          return Promise.resolve();
        },
    onSelectAnnotation: (annotation: LsAnnotation) => post({ type: 'select', annotationId: annotationId(annotation) }),
  });
  if (!preview && next.interfaces.includes('auto-annotation')) {
    instance.on('regionFinishedDrawing', (_region: LsRegion, group: LsRegion[]) => askForSuggestions(group));
    onSmartRectangle(instance, askForSuggestions);
  }
}

/**
 * Interactive pre-annotation, as Label Studio's own app wires it: the smart regions just drawn go
 * to the page (which alone talks to the API) and the model's answer comes back as suggestions the
 * annotator accepts or rejects. The editor shows that it waits meanwhile.
 */
function askForSuggestions(group: readonly LsRegion[]): void {
  const ls = store;
  const annotation = ls?.annotationStore.selected;
  if (!ls || !annotation) return;
  const ids = new Set(group.map((region) => region.cleanId));
  const result = annotation.serializeAnnotation().filter((item) => ids.has(String(item.id)));
  // Suggestions replace the previous ones: none left to ask about means none to show.
  if (result.length === 0) return ls.loadSuggestions(Promise.resolve([]), () => []);
  const requestId = ++lastRequestId;
  const answer = new Promise<ResultItem[]>((resolve) => suggestionRequests.set(requestId, resolve));
  post({ type: 'interactive', requestId, result });
  ls.loadSuggestions(answer, (items) => (Array.isArray(items) ? items : []));
}

function answerSuggestions(requestId: number, result: ResultItem[]): void {
  suggestionRequests.get(requestId)?.(result);
  suggestionRequests.delete(requestId);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The app's shortcuts pressed inside the editor go to the page; the editor's own keys keep working. */
function forwardShortcut(event: KeyboardEvent): void {
  if (!setup || setup.preview) return;
  const action = actionFor(event, setup.shortcuts);
  if (!action) return;
  const combo = normalizeCombo(setup.shortcuts[action]);
  if (EDITOR_OWN_COMBOS[action] === combo && setup.interfaces.includes('topbar')) return;
  const regionSelected = (store?.annotationStore.selected?.regionStore?.selection?.size ?? 0) > 0;
  if (!shortcutApplies(action, combo, { typing: isTyping(event.target), regionSelected })) return;
  event.preventDefault();
  post({ type: 'shortcut', action });
}

function run(command: 'submit' | 'skip'): void {
  if (!store) return;
  if (command === 'submit') store.submitAnnotation();
  else if (setup?.interfaces.includes('skip')) store.skipTask();
}

let answerBoot: ((boot: EditorBoot | null) => void) | null = null;
const booted = new Promise<EditorBoot | null>((resolve) => (answerBoot = resolve));

// The page is this server's: its origin is the one in this frame's own address.
window.addEventListener('message', (event) => {
  if (event.source !== parentWindow || event.origin !== location.origin) return;
  const message = parseParentMessage(event.data);
  if (!message) return;
  try {
    if (message.type === 'boot') answerBoot?.(message.boot);
    else if (message.type === 'init') start(message.setup, message.media);
    else if (message.type === 'theme') applyEditorTheme(message.theme);
    else if (message.type === 'shown') document.documentElement.dataset.shown = String(message.shown);
    else if (message.type === 'suggestions') answerSuggestions(message.requestId, message.result);
    else run(message.name);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
window.addEventListener('keydown', forwardShortcut);
saveDraftsSooner(() => store?.annotationStore.selected);
window.addEventListener('error', (event) => post({ type: 'error', message: String(event.message) }));
// The editor builds its models in promises: a config it cannot handle (a tag it has no model for)
// rejects one, and nothing else would ever tell the page.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  post({ type: 'error', message: reason instanceof Error ? reason.message : String(reason) });
});

installMemoryStorage();
installMediaFetch();
post({ type: 'hello' });
reportContentHeight(root, (height) => post({ type: 'height', height }));
booted
  .then((boot) => (editorKey === null || boot === null ? loadBundledEditor() : loadCachedEditor(editorKey, boot)))
  .then(
    () => post({ type: 'ready' }),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      status.textContent = message;
      // A cached editor's files failing is the page's cue to fall back to the bundled editor.
      post(editorKey === null ? { type: 'error', message } : { type: 'error', message, kind: 'editor-files' });
    },
  );
