import type { Database } from 'better-sqlite3';

/*
 * Fills a project with many tasks fast, by writing rows straight into SQLite in one transaction
 * (the import API would validate and count each one). The data shape is the one the task list
 * bench uses: text, a score spread over 0..999, 50 categories and a rare language.
 */

const NOW = '2026-01-15T10:00:00.000000Z';

export function benchTaskData(index: number): string {
  const lang = index % 10_000 === 0 ? 'de' : 'en';
  return `{"text": "task number ${index}", "score": ${(index * 7919) % 1000}, "category": "c${index % 50}", "lang": "${lang}"}`;
}

/** Inserts `count` tasks into `project`, with inner ids from 1; returns the seconds it took. */
export function seedTasks(db: Database, project: number, count: number, data = benchTaskData): number {
  const start = performance.now();
  db.pragma('synchronous = OFF');
  db.transaction(() => {
    const insert = db.prepare(
      'INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    for (let index = 1; index <= count; index += 1) insert.run(project, index, data(index), NOW, NOW);
  })();
  db.pragma('synchronous = FULL');
  return (performance.now() - start) / 1000;
}
