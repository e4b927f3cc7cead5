import { test } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { GROUP, printRatios } from './benchCompare.js';

// GET /api/projects/ at scale: 1,000 projects holding 100k tasks, half of them annotated (some
// skipped, some ground truth), a third with a prediction. The app (routing, auth, validation, one
// grouped query per counter family, serialization) is compared with one hand-written query that
// reads the same default page with all eight counters. Read the ratio, not the absolute times.
const PROJECTS = 1_000;
const TASKS_PER_PROJECT = 100;

const t = await createTestApp();
const db = t.db;
const now = '2026-01-15T10:00:00.000000Z';
const config =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
const result = JSON.stringify([{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } }]);
db.transaction(() => {
  const project = db.prepare(
    `INSERT INTO projects (title, label_config, parsed_label_config, created_by, created_at, updated_at, pinned_at)
     VALUES (?, ?, '{"label": {"type": "Choices", "to_name": ["text"], "inputs": [], "labels": ["pos", "neg"], "labels_attrs": {}}}', ?, ?, ?, ?)`,
  );
  const task = db.prepare(
    'INSERT INTO tasks (project, inner_id, data, created_at, updated_at, is_labeled) VALUES (?, ?, \'{"text": "x"}\', ?, ?, ?)',
  );
  const annotation = db.prepare(
    `INSERT INTO annotations (task, project, unique_id, result, completed_by, was_cancelled, ground_truth, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const prediction = db.prepare(
    'INSERT INTO predictions (task, project, model_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  let serial = 0;
  for (let p = 0; p < PROJECTS; p += 1) {
    const created = `2026-01-${String(1 + (p % 28)).padStart(2, '0')}T00:00:${String(p % 60).padStart(2, '0')}.000000Z`;
    const pinned = p % 50 === 0 ? now : null;
    const projectId = Number(project.run(`Project ${p}`, config, t.userId, created, created, pinned).lastInsertRowid);
    for (let i = 0; i < TASKS_PER_PROJECT; i += 1) {
      const annotated = i % 2 === 0;
      const taskId = Number(task.run(projectId, i + 1, now, now, annotated ? 1 : 0).lastInsertRowid);
      if (annotated) {
        serial += 1;
        annotation.run(
          taskId,
          projectId,
          `u${serial}`,
          result,
          t.userId,
          i % 10 === 0 ? 1 : 0,
          i % 14 === 0 ? 1 : 0,
          now,
          now,
        );
      }
      if (i % 3 === 0) prediction.run(taskId, projectId, 'v1', now, now);
    }
  }
})();
db.exec('ANALYZE');

const useful = "a.was_cancelled = 0 AND a.ground_truth = 0 AND a.result <> 'null'";
const baselineQuery = db.prepare(
  `SELECT p.*,
     (SELECT COUNT(*) FROM tasks t WHERE t.project = p.id) AS task_number,
     (SELECT COUNT(*) FROM tasks t WHERE t.project = p.id AND t.is_labeled = 1) AS finished_task_number,
     (SELECT COUNT(*) FROM predictions r WHERE r.project = p.id) AS total_predictions_number,
     (SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 0) AS total_annotations_number,
     (SELECT COUNT(DISTINCT a.task) FROM annotations a WHERE a.project = p.id AND ${useful}) AS num_tasks_with_annotations,
     (SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND ${useful}) AS useful_annotation_number,
     (SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.ground_truth = 1) AS ground_truth_number,
     (SELECT COUNT(*) FROM annotations a WHERE a.project = p.id AND a.was_cancelled = 1) AS skipped_annotations_number
   FROM projects p
   ORDER BY (p.pinned_at IS NULL), p.pinned_at DESC, p.created_at DESC, p.id DESC LIMIT 30`,
);
const countAll = db.prepare('SELECT COUNT(*) FROM projects');

test('GET /api/projects/ (1,000 projects, 100k tasks)', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: one hand-written query, page of 30 with the 8 counters', () => {
    countAll.get();
    baselineQuery.all();
  });
  const apps = [
    bench('app.request GET /api/projects/ (all fields, counters, queue)', async () => {
      await t.withToken('/api/projects/');
    }),
    bench('app.request GET /api/projects/?include=id,title,task_number', async () => {
      await t.withToken('/api/projects/?include=id,title,task_number');
    }),
    bench('app.request GET /api/projects/?page=30&page_size=30 (deep page)', async () => {
      await t.withToken('/api/projects/?page=30');
    }),
    bench('app.request GET /api/projects/counts/', async () => {
      await t.withToken('/api/projects/counts/');
    }),
  ];
  printRatios(await bench.compare(baseline, ...apps), baseline, apps);
});
