/**
 * Whether the person labeling skipped this task: their skip (a cancelled annotation) stands
 * while they have no real annotation on it. Pure, for unit tests.
 */
import type { LabelingTask } from '../../api/labeling';
import { authorId } from './editorSetup';

/** When I skipped the task (my latest skip), or null when I did not or have labeled it since. */
export function mySkip(task: Pick<LabelingTask, 'annotations'>, userId: number): Date | null {
  const mine = task.annotations.filter((annotation) => authorId(annotation) === userId);
  if (mine.some((annotation) => !annotation.was_cancelled)) return null;
  const times = mine.map((annotation) => Date.parse(annotation.updated_at || annotation.created_at));
  const latest = Math.max(...times.filter(Number.isFinite));
  return Number.isFinite(latest) ? new Date(latest) : null;
}

/** "Nov 25, 2025, 2:35 AM" in the person's own locale. */
export function skipDateText(at: Date): string {
  return at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
