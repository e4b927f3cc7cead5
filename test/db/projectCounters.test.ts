import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase, type Db } from '../../electron/core/db/open.js';
import { refreshProjectTaskCounters, refreshTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import { counterComparison } from '../helpers/projectCounterRecount.js';

/*
 * Migration 0014's project counters and annotator queues against a full recount, after random
 * sequences of every kind of row write the app makes (the API's paths are in
 * test/contract/projectsCounters.test.ts): tasks, annotations (skips, ground truth, null results,
 * moves between tasks and annotators), predictions, labeled flags, and cascading deletes.
 */

const NOW = '2026-01-15T10:00:00.000000Z';
const RESULTS = ['[]', 'null', '[{"type": "choices", "value": {"choices": ["a"]}}]'];

type Op =
  | { kind: 'project' }
  | { kind: 'deleteProject'; pick: number }
  | { kind: 'task'; pick: number; labeled: boolean }
  | { kind: 'deleteTask'; pick: number }
  | { kind: 'label'; pick: number; labeled: boolean }
  | { kind: 'refresh'; pick: number; whole: boolean }
  | { kind: 'annotate'; pick: number; user: number; cancelled: boolean; truth: boolean; result: number }
  | {
      kind: 'edit';
      pick: number;
      field: 'was_cancelled' | 'ground_truth' | 'result' | 'completed_by' | 'task';
      value: number;
    }
  | { kind: 'deleteAnnotation'; pick: number }
  | { kind: 'predict'; pick: number }
  | { kind: 'deletePrediction'; pick: number }
  | { kind: 'deleteUser'; user: number };

const pick = fc.nat(1000);
const user = fc.integer({ min: 1, max: 3 });
// Weighted so that projects hold tasks and work most of the time, with deletes now and then.
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'project' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProject' as const), pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('task' as const), pick, labeled: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteTask' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('label' as const), pick, labeled: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refresh' as const), pick, whole: fc.boolean() }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('annotate' as const),
      pick,
      user,
      cancelled: fc.boolean(),
      truth: fc.boolean(),
      result: fc.nat(RESULTS.length - 1),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick,
      field: fc.constantFrom('was_cancelled', 'ground_truth', 'result', 'completed_by', 'task'),
      value: fc.nat(1000),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteAnnotation' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('predict' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePrediction' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteUser' as const), user }) },
);

function ids(db: Db, table: string): number[] {
  return db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[];
}

function chosen(db: Db, table: string, index: number): number | undefined {
  const all = ids(db, table);
  return all.length === 0 ? undefined : all[index % all.length];
}

let serial = 0;

function apply(db: Db, step: Op): void {
  const run = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
  const projectOf = (task: number) => db.prepare('SELECT project FROM tasks WHERE id = ?').pluck().get(task);
  switch (step.kind) {
    case 'project':
      run(`INSERT INTO projects (title, created_at, updated_at) VALUES ('p', ?, ?)`, NOW, NOW);
      return;
    case 'deleteProject': {
      const project = chosen(db, 'projects', step.pick);
      if (project !== undefined && ids(db, 'projects').length > 1) run('DELETE FROM projects WHERE id = ?', project);
      return;
    }
    case 'task': {
      const project = chosen(db, 'projects', step.pick);
      if (project === undefined) return;
      serial += 1;
      run(
        `INSERT INTO tasks (project, inner_id, data, created_at, updated_at, is_labeled) VALUES (?, ?, '{}', ?, ?, ?)`,
        project,
        serial,
        NOW,
        NOW,
        Number(step.labeled),
      );
      return;
    }
    case 'deleteTask':
    case 'deleteAnnotation':
    case 'deletePrediction': {
      const table = { deleteTask: 'tasks', deleteAnnotation: 'annotations', deletePrediction: 'predictions' }[
        step.kind
      ];
      const id = chosen(db, table, step.pick);
      if (id !== undefined) run(`DELETE FROM ${table} WHERE id = ?`, id);
      return;
    }
    case 'label': {
      const task = chosen(db, 'tasks', step.pick);
      if (task !== undefined) run('UPDATE tasks SET is_labeled = ? WHERE id = ?', Number(step.labeled), task);
      return;
    }
    case 'refresh': {
      const task = chosen(db, 'tasks', step.pick);
      if (task === undefined) return;
      if (step.whole) refreshProjectTaskCounters(db, projectOf(task) as number);
      else refreshTaskCounters(db, task);
      return;
    }
    case 'annotate': {
      const task = chosen(db, 'tasks', step.pick);
      if (task === undefined) return;
      serial += 1;
      run(
        `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, ground_truth, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        task,
        projectOf(task),
        `u${serial}`,
        RESULTS[step.result],
        step.user,
        Number(step.cancelled),
        Number(step.truth),
        NOW,
        NOW,
      );
      return;
    }
    case 'edit': {
      const annotation = chosen(db, 'annotations', step.pick);
      if (annotation === undefined) return;
      if (step.field === 'task') {
        const task = chosen(db, 'tasks', step.value)!;
        run('UPDATE annotations SET task = ?, project = ? WHERE id = ?', task, projectOf(task), annotation);
      } else {
        const value =
          step.field === 'result'
            ? RESULTS[step.value % RESULTS.length]
            : (step.value % (step.field === 'completed_by' ? 3 : 2)) + Number(step.field === 'completed_by');
        run(`UPDATE annotations SET ${step.field} = ? WHERE id = ?`, value, annotation);
      }
      return;
    }
    case 'predict': {
      const task = chosen(db, 'tasks', step.pick);
      if (task !== undefined) {
        run(
          `INSERT INTO predictions (task, project, created_at, updated_at) VALUES (?, ?, ?, ?)`,
          task,
          projectOf(task),
          NOW,
          NOW,
        );
      }
      return;
    }
    case 'deleteUser':
      run('DELETE FROM users WHERE id = ?', step.user);
      run(
        'INSERT INTO users (id, email, date_joined, last_activity) VALUES (?, ?, ?, ?)',
        step.user,
        `u${step.user}@x`,
        NOW,
        NOW,
      );
      return;
  }
}

async function freshDatabase(version = migrations.length): Promise<Db> {
  const db = openDatabase(':memory:');
  await migrate(db, { migrations: migrations.slice(0, version) });
  for (const id of [1, 2, 3]) {
    db.prepare('INSERT INTO users (id, email, date_joined, last_activity) VALUES (?, ?, ?, ?)').run(
      id,
      `u${id}@x`,
      NOW,
      NOW,
    );
  }
  db.prepare(`INSERT INTO projects (title, created_at, updated_at) VALUES ('p', ?, ?)`).run(NOW, NOW);
  return db;
}

describe('kept project counters (migration 0014)', () => {
  it('equal a full recount after any sequence of writes', async () => {
    const db = await freshDatabase();
    await fc.assert(
      // Each run starts from one empty project, so annotations often share a task and an annotator.
      fc.property(fc.array(op, { minLength: 30, maxLength: 120 }), (steps) => {
        db.exec('DELETE FROM projects');
        apply(db, { kind: 'project' });
        for (const step of steps) apply(db, step);
        const { kept, recount } = counterComparison(db);
        expect(kept).toEqual(recount);
      }),
      { numRuns: 120, seed: 17 },
    );
    // About 10 s of CPU alone: on a loaded two-core machine it needs more than the default 30 s.
  }, 120_000);

  it('are filled from the rows an older database holds, then kept', async () => {
    const db = await freshDatabase(12);
    const writes = fc.sample(op, { numRuns: 400, seed: 5 });
    for (const step of writes.slice(0, 300)) apply(db, step);
    await migrate(db);
    const filled = counterComparison(db);
    expect(filled.recount.projects.length).toBeGreaterThan(1);
    expect(filled.recount.queues.length).toBeGreaterThan(1);
    expect(filled.kept).toEqual(filled.recount);
    for (const step of writes.slice(300)) apply(db, step);
    const { kept, recount } = counterComparison(db);
    expect(kept).toEqual(recount);
  });
});
