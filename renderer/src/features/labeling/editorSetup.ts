/**
 * The editor's options for a task: which annotations it lists, which one it opens, the draft it
 * restores, and which parts of its interface show. Pure, for unit tests.
 */
import type { AnnotationWire, DraftWire, LabelingProject, LabelingTask } from '../../api/labeling';
import { interactiveBackend, shownPredictions, type LabelingBackend } from './preAnnotation';
import type { DraftToRestore, EditorSetup, EditorTask, EditorUser } from './protocol';
import type { ShortcutAction } from './shortcuts';

/** The editor's panels; its own instruction button and annotation delete are left to the page. */
const BASE_INTERFACES = [
  'panel',
  'update',
  'submit',
  'controls',
  'topbar',
  'side-column',
  'annotations:menu',
  'annotations:add-new',
  'annotations:current',
  'annotations:tabs',
  'annotations:history',
  'predictions:tabs',
  'predictions:menu',
  'edit-history',
];

/**
 * The editor's parts for this task: Skip when the project and the task allow it, the
 * Auto-Annotation toggle (interactive pre-annotation) when the project has an interactive model,
 * and the ground-truth star on a task opened by itself, as Label Studio's app shows it outside
 * the label stream only.
 */
export function editorInterfaces(
  project: Pick<LabelingProject, 'show_skip_button'>,
  allowSkip: boolean,
  interactive = false,
  inStream = true,
): string[] {
  const interfaces = [...BASE_INTERFACES];
  if (project.show_skip_button && allowSkip) interfaces.push('skip');
  if (interactive) interfaces.push('auto-annotation');
  if (!inStream) interfaces.push('ground-truth');
  return interfaces;
}

/** Who made an annotation: `completed_by` is a user on a task's page, an id elsewhere. */
export const authorId = (annotation: AnnotationWire) =>
  typeof annotation.completed_by === 'number' ? annotation.completed_by : (annotation.completed_by?.id ?? null);

/**
 * The annotations the editor lists. Skipped ones never (they hold no answer to show). My own
 * always, so I can update or delete them; other people's (imported, or synced from a team
 * server) only when the project turns on `show_annotation_history`.
 */
export function visibleAnnotations(
  task: Pick<LabelingTask, 'annotations'>,
  userId: number,
  showHistory: boolean,
): AnnotationWire[] {
  return task.annotations.filter((annotation) => {
    if (annotation.was_cancelled) return false;
    return showHistory || authorId(annotation) === userId;
  });
}

/** The annotation the editor opens on: my latest one, unless I have a draft for a new annotation. */
export function annotationToOpen(annotations: readonly AnnotationWire[], drafts: readonly DraftWire[], userId: number) {
  if (drafts.some((draft) => draft.annotation === null)) return null;
  const mine = annotations.filter((annotation) => authorId(annotation) === userId);
  return mine.length ? Math.max(...mine.map((annotation) => annotation.id)) : null;
}

/** The draft matching the annotation that opens; the newest one if there are several. */
export function draftToRestore(drafts: readonly DraftWire[], openAnnotationId: number | null): DraftToRestore | null {
  const matching = drafts.filter((draft) => (draft.annotation ?? null) === openAnnotationId);
  const newest = matching.sort((a, b) => b.id - a.id)[0];
  return newest && Array.isArray(newest.result) ? { annotationId: openAnnotationId, result: newest.result } : null;
}

export function editorTask(
  task: LabelingTask,
  annotations: readonly AnnotationWire[],
  predictions: Record<string, unknown>[] = task.predictions,
): EditorTask {
  return {
    id: task.id,
    data: task.data,
    annotations: annotations.map((annotation) => ({ ...annotation, result: annotation.result ?? [] })),
    predictions,
  };
}

export interface SetupInput {
  project: LabelingProject;
  task: LabelingTask;
  user: EditorUser;
  shortcuts: Record<ShortcutAction, string>;
  /** The project's connected models: which predictions pre-label, and whether one is interactive. */
  backends: readonly LabelingBackend[];
  /** Whether the task came from the label stream (not opened by itself). */
  inStream?: boolean;
}

export function labelingSetup({ project, task, user, shortcuts, backends, inStream }: SetupInput): EditorSetup {
  const userId = user.id;
  const annotations = visibleAnnotations(task, userId, project.show_annotation_history);
  const drafts = task.drafts ?? [];
  const selectAnnotationId = annotationToOpen(annotations, drafts, userId);
  return {
    config: project.label_config,
    user,
    task: editorTask(task, annotations, shownPredictions(task.predictions, project, backends)),
    interfaces: editorInterfaces(
      project,
      task.allow_skip !== false,
      interactiveBackend(backends) !== null,
      inStream !== false,
    ),
    shortcuts,
    selectAnnotationId,
    draft: draftToRestore(drafts, selectAnnotationId),
    preview: false,
  };
}

/** The settings preview: the config on a sample task, with the editor's panels but nothing to send. */
export function previewSetup(
  config: string,
  data: Record<string, unknown>,
  shortcuts: Record<ShortcutAction, string>,
): EditorSetup {
  return {
    config,
    user: { id: 1, firstName: '', lastName: '', email: '' },
    task: { id: 1, data, annotations: [], predictions: [] },
    interfaces: ['panel', 'side-column', 'annotations:current', 'controls'],
    shortcuts,
    selectAnnotationId: null,
    draft: null,
    preview: true,
  };
}
