import { clearStaged, insertImportLink, listStaged, type StagedObject } from '../../db/repos/storagesRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ItemList } from '../imports/importItems.js';
import { writeItems } from '../imports/writeItems.js';

/*
 * The end of an import sync: every task staged from the storage becomes a task of the project in
 * one transaction, each linked to the object (and row) it came from, or none does. Tasks are
 * checked exactly as an import checks them (the same validation and messages), and annotations and
 * predictions inside task objects come along.
 */

const PAGE = 5000;

function readAllStaged(ctx: DomainContext, storage: number): StagedObject[] {
  const all: StagedObject[] = [];
  let after = 0;
  for (;;) {
    const page = listStaged(ctx.db, storage, after, PAGE);
    all.push(...page);
    if (page.length < PAGE) return all;
    after = page.at(-1)!.id;
  }
}

/** The import's per-item messages, each naming the object it came from instead of a position. */
function withKeys(error: ValidationError, staged: readonly StagedObject[]): string[] {
  const listed = (error.validationErrors?.non_field_errors as unknown[] | undefined) ?? [error.message];
  const messages: string[] = [];
  listed.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const object = staged[index];
    const where = object ? `${object.key}${object.row_index === null ? '' : ` (task ${object.row_index})`}` : null;
    messages.push(where && entry.startsWith('Error at item') ? `${where}: ${entry}` : entry);
  });
  return messages;
}

export class StorageImportError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('\n'));
  }
}

export function commitStagedTasks(
  ctx: DomainContext,
  projectId: number,
  storage: number,
  userId: number,
): { created: number } {
  return ctx.db.transaction(() => {
    const project = findProjectById(ctx.db, projectId);
    if (!project) throw new NotFoundError('No Project matches the given query.');
    const staged = readAllStaged(ctx, storage);
    const items: ItemList = {
      count: staged.length,
      get: (index) => {
        const text = staged[index]!.task;
        const value = JSON.parse(text) as unknown;
        return { task: value, source: { value, text }, fileUploadId: null };
      },
    };
    let taskIds: number[];
    try {
      taskIds = writeItems(ctx, project, userId, items, { preannotatedFields: null }).taskIds;
    } catch (error) {
      if (error instanceof ValidationError) throw new StorageImportError(withKeys(error, staged));
      throw error;
    }
    const now = formatTimestamp(ctx.clock());
    taskIds.forEach((task, index) => {
      const object = staged[index]!;
      insertImportLink(ctx.db, { storage, task, key: object.key, row_index: object.row_index, created_at: now });
    });
    clearStaged(ctx.db, storage);
    return { created: taskIds.length };
  })();
}
