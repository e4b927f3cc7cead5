import {
  clearStaged,
  countLinksOfKeys,
  countStaged,
  listLinkedKeys,
  stageObject,
} from '../../db/repos/storagesRepo.js';
import type { DomainContext } from '../context.js';

/*
 * An import sync reads the storage outside any transaction and stages what it found here, a batch
 * at a time; commitStorageImport.ts turns the staged tasks into tasks at the end, all at once.
 */

export interface StagedTask {
  key: string;
  rowIndex: number | null;
  task: unknown;
}

export function stageTasks(ctx: DomainContext, storage: number, tasks: readonly StagedTask[]): void {
  if (tasks.length === 0) return;
  ctx.db.transaction(() => {
    for (const task of tasks) {
      stageObject(ctx.db, { storage, key: task.key, row_index: task.rowIndex, task: JSON.stringify(task.task) });
    }
  })();
}

export function discardStagedTasks(ctx: DomainContext, storage: number): void {
  clearStaged(ctx.db, storage);
}

export function countStagedTasks(ctx: DomainContext, storage: number): number {
  return countStaged(ctx.db, storage);
}

/**
 * The keys among `keys` this storage already imported (a re-sync adds only new objects), and how
 * many tasks they became (Label Studio's `tasks_existed`).
 */
export function alreadyImported(ctx: DomainContext, storage: number, keys: readonly string[]) {
  const linked = listLinkedKeys(ctx.db, storage, keys);
  return { keys: linked, tasks: countLinksOfKeys(ctx.db, storage, [...linked]) };
}
