import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/open.js';
import { refreshProjectTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import { choice, CHOICES_CONFIG, type RemoteOutpost } from '../helpers/syncRemote.js';
import { seedTasks } from './seedTasks.js';

/*
 * The sync bench's remote: a project made through the remote's API, then filled by writing rows
 * straight into its database file (WAL lets the running server see them at once): `count` tasks
 * with one annotation each by the token's user, and the task counters recomputed by the same
 * repo function every write path uses, so totals and is_labeled are what the API would make.
 */

const NOW = '2026-01-15T10:00:00.000000Z';

export interface SeededProject {
  projectId: number;
  /** The remote's task ids, in order. */
  taskIds: number[];
  seedSeconds: number;
}

export async function seedRemoteProject(remote: RemoteOutpost, count: number): Promise<SeededProject> {
  const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
    title: 'Sync bench',
    label_config: CHOICES_CONFIG,
  });
  const me = await remote.api<{ id: number }>('GET', '/api/current-user/whoami');
  const db = openDatabase(join(remote.dataDir, 'outpost.db'));
  try {
    const start = performance.now();
    seedTasks(db, project.id, count, (index) => JSON.stringify({ text: `task number ${index}` }));
    const taskIds = db
      .prepare('SELECT id FROM tasks WHERE project = ? ORDER BY id')
      .pluck()
      .all(project.id) as number[];
    const result = JSON.stringify(choice('pos'));
    db.pragma('synchronous = OFF');
    db.transaction(() => {
      const insert = db.prepare(
        `INSERT INTO annotations (task, project, unique_id, result, completed_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const task of taskIds) insert.run(task, project.id, `bench-${task}`, result, me.id, NOW, NOW);
      refreshProjectTaskCounters(db, project.id);
    })();
    db.pragma('synchronous = FULL');
    return { projectId: project.id, taskIds, seedSeconds: (performance.now() - start) / 1000 };
  } finally {
    db.close();
  }
}
