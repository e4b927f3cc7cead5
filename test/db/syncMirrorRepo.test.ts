import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/migrate.js';
import { openDatabase } from '../../electron/core/db/open.js';
import {
  ensureMirrorUser,
  findLocalTaskOfRemote,
  findMirrorProject,
  insertMirrorProject,
  listMirrorTasksOfProject,
  updateMirrorProject,
  upsertMirrorTask,
} from '../../electron/core/db/repos/syncMirrorRepo.js';

const NOW = '2026-11-22T10:00:00.000000Z';

async function database() {
  const db = openDatabase(':memory:');
  await migrate(db);
  db.prepare(
    "INSERT INTO remotes (id, url, token_kind, created_at, updated_at) VALUES (1, 'http://r', 'legacy', ?, ?)",
  ).run(NOW, NOW);
  const project = Number(
    db.prepare("INSERT INTO projects (title, created_at, updated_at) VALUES ('p', ?, ?)").run(NOW, NOW).lastInsertRowid,
  );
  return { db, project };
}

describe('sync mirror repo', () => {
  it('maps projects and tasks both ways, and updates only the state it is given', async () => {
    const { db, project } = await database();
    insertMirrorProject(db, { project, remote: 1, remote_project_id: 77 });
    updateMirrorProject(db, project, { pulled_until: '2026-11-22T09:00:00.000000Z', pull_checkpoint: '{"page":3}' });
    updateMirrorProject(db, project, { pull_checkpoint: null });
    expect(findMirrorProject(db, project)).toMatchObject({
      remote_project_id: 77,
      pulled_until: '2026-11-22T09:00:00.000000Z',
      pull_checkpoint: null,
    });

    const task = Number(
      db
        .prepare("INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, 1, '{}', ?, ?)")
        .run(project, NOW, NOW).lastInsertRowid,
    );
    upsertMirrorTask(db, { task, remote: 1, remote_task_id: 500, remote_updated_at: null });
    upsertMirrorTask(db, { task, remote: 1, remote_task_id: 500, remote_updated_at: NOW });
    expect(findLocalTaskOfRemote(db, 1, 500)).toBe(task);
    expect(listMirrorTasksOfProject(db, project)).toEqual(new Map([[500, task]]));
  });

  it('creates one local stand-in per remote author, and keeps its names current', async () => {
    const { db } = await database();
    const first = ensureMirrorUser(db, 'http://r', { id: 9, email: 'ann@r.org', first_name: 'Ann' }, NOW);
    const again = ensureMirrorUser(db, 'http://r', { id: 9, email: 'ann@r.org', first_name: 'Annie' }, NOW);
    const other = ensureMirrorUser(db, 'http://elsewhere', { id: 9, email: 'x@e.org' }, NOW);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(db.prepare('SELECT first_name, is_local FROM users WHERE id = ?').get(first)).toEqual({
      first_name: 'Annie',
      is_local: 0,
    });
  });
});
