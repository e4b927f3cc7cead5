import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { migrations } from '../../electron/core/db/migrations/index.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { initializeDatabase } from '../../electron/core/initializeDatabase.js';
import { addAnnotation, addProject, addTask, addUser } from '../helpers/dmData.js';

/*
 * Migration 0019 adds tasks.agreement; the score is computed in TypeScript, so the tasks a database
 * already holds with two annotators or more are queued by the migration and computed when the
 * database is next initialized (the app's start).
 */

const choice = (label: string) => [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [label] } },
];

describe('the agreement of tasks written before migration 0019', () => {
  it('is computed at the first start after the migration, and the queue is emptied', async () => {
    const db = openDatabase(':memory:');
    await migrate(db, { migrations: migrations.filter((migration) => migration.version < 19) });
    const project = addProject(db);
    const [a, b] = [addUser(db, 'a@example.com'), addUser(db, 'b@example.com')];
    const agree = addTask(db, project, { data: { text: 'agree' } });
    const disagree = addTask(db, project, { data: { text: 'disagree' } });
    const alone = addTask(db, project, { data: { text: 'alone' } });
    const skipped = addTask(db, project, { data: { text: 'skipped' } });
    // A deleted author's annotations count as one unknown annotator, as in the quality report.
    const unknown = addTask(db, project, { data: { text: 'unknown author' } });
    addAnnotation(db, agree, { completed_by: a, result: choice('pos') });
    addAnnotation(db, agree, { completed_by: b, result: choice('pos') });
    addAnnotation(db, disagree, { completed_by: a, result: choice('pos') });
    addAnnotation(db, disagree, { completed_by: b, result: choice('neg') });
    addAnnotation(db, alone, { completed_by: a, result: choice('pos') });
    addAnnotation(db, skipped, { completed_by: a, result: choice('pos') });
    addAnnotation(db, skipped, { completed_by: b, result: choice('neg'), was_cancelled: true });
    addAnnotation(db, unknown, { completed_by: a, result: choice('pos') });
    addAnnotation(db, unknown, { result: choice('neg') });

    await migrate(db);
    const queued = db.prepare('SELECT task FROM task_agreement_backfill ORDER BY task').pluck().all();
    expect(queued).toEqual([agree, disagree, unknown]);

    await initializeDatabase(db);
    const agreement = db.prepare('SELECT agreement FROM tasks WHERE id = ?').pluck();
    expect(agreement.get(agree)).toBe(1);
    expect(agreement.get(disagree)).toBe(0);
    expect(agreement.get(alone)).toBeNull();
    expect(agreement.get(skipped)).toBeNull();
    expect(agreement.get(unknown)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM task_agreement_backfill').pluck().get()).toBe(0);
  });
});
