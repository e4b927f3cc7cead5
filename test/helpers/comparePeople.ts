import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/open.js';
import type { E2eServer } from './e2eServer.js';

/**
 * Adds annotators to a running server's database and returns their ids. Outpost has no API to add
 * people (a sync brings them from a remote); the server sees the rows at once (WAL).
 */
export function addPeople(server: E2eServer, people: ReadonlyArray<[email: string, first: string, last: string]>) {
  const db = openDatabase(join(server.dataDir, 'outpost.db'));
  try {
    const insert = db.prepare(
      `INSERT INTO users (email, first_name, last_name, date_joined, last_activity)
       VALUES (?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    );
    return people.map(([email, first, last]) => Number(insert.run(email, first, last).lastInsertRowid));
  } finally {
    db.close();
  }
}

/** A project with tasks, by the API; returns the project's id and its task ids in import order. */
export async function createProjectWithTasks(server: E2eServer, title: string, config: string, data: object[]) {
  const id = (await server.api<{ id: number }>('POST', '/api/projects/', { title, label_config: config })).id;
  const { task_ids } = await server.api<{ task_ids: number[] }>(
    'POST',
    `/api/projects/${id}/import?return_task_ids=true`,
    data,
  );
  return { id, tasks: task_ids };
}
