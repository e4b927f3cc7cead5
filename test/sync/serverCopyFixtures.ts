import { execFile } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { CLI_PATH, quickRetryEnv } from '../helpers/spawnCli.js';
import { PNG } from '../helpers/syncPushFixtures.js';
import type { SyncTestRemote } from '../helpers/syncRemote.js';
import { exportView, expectedOnTarget, fileBytes, withoutMarkers } from './serverCopyExportView.js';

/*
 * The server-to-server tests: a source project seeded on one server (named tasks with inline
 * annotations by several authors and predictions, plus uploaded files), pulled into a data
 * folder, then copied with `outpost sync copy` to a second server. Both projects are read back
 * through their JSON exports and compared task by task, with ids and times left out and the
 * deliberate differences (KNOWN_COPY_DIFFERENCES) applied to the source's side.
 */

export const COPY_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="a"/><Choice value="b"/><Choice value="c"/></Choices></View>';

export const choice = (value: string) => [
  { id: `r-${value}`, from_name: 'label', to_name: 'image', type: 'choices', value: { choices: [value] } },
];

/**
 * What the copy changes on purpose, and why (docs/sync.md says the same):
 * - `meta.outpost_copy`: each copied task carries its copy's marker, so a lost import is found
 *   and never sent twice;
 * - uploaded files: the target serves its own copy under its own upload prefix;
 * - an author the target has no user for: the import credits the token's own user;
 * - `updated_by` of tasks and annotations: an import has no field for it, so it is empty there;
 * - an annotation's `result_count`: Label Studio's import creates annotations in bulk, which
 *   does not count their results (0), as an imported source annotation shows too;
 * - an annotation's link to the prediction or annotation it started from (`prediction`,
 *   `parent_prediction`, `parent_annotation`): ids, and the import has no field for them, so they
 *   are left out of the comparison on both sides.
 */
export const KNOWN_COPY_DIFFERENCES = [
  'meta.outpost_copy',
  'upload prefixes',
  'authors missing on the target',
  'updated_by',
  'annotation result_count',
  'annotation parent links',
];

export interface SeededSource {
  project: number;
  /** Names of the uploaded files, as given. */
  uploads: string[];
  taskCount: number;
}

/** Uploads files first (so they land in the first batch), then named tasks with their work inline. */
export async function seedSource(
  remote: SyncTestRemote,
  options: { named: number; uploads: number; authors: string[] },
): Promise<SeededSource> {
  const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
    title: 'copy source',
    description: 'Birds, by colour.',
    label_config: COPY_CONFIG,
    expert_instruction: '<p>Pick one.</p>',
    show_instruction: true,
    maximum_annotations: 2,
    color: '#FF8800',
    sampling: 'Uniform sampling',
    show_skip_button: false,
    min_annotations_to_start_training: 3,
    show_collab_predictions: false,
  });
  const uploads = Array.from({ length: options.uploads }, (_, index) => `bird ${index}.png`);
  for (const name of uploads) {
    const form = new FormData();
    form.append('file', new Blob([Buffer.concat([PNG, Buffer.from(name)])]), name);
    const response = await fetch(`${remote.url}/api/projects/${project.id}/import`, {
      method: 'POST',
      headers: { Authorization: `Token ${remote.token}` },
      body: form,
    });
    expect(response.status, await response.text()).toBe(201);
  }
  const values = ['a', 'b', 'c'];
  const items = Array.from({ length: options.named }, (_, index) => ({
    data: { image: `images/${index}.png`, name: `n${index}` },
    meta: { batch: 'seed', index },
    annotations:
      index % 4 === 3
        ? []
        : [
            {
              result: choice(values[index % 3]!),
              completed_by: { email: options.authors[index % options.authors.length]! },
              ground_truth: index % 5 === 0,
              lead_time: 1.5 + index,
            },
            ...(index % 7 === 0
              ? [{ result: [], was_cancelled: true, ground_truth: false, completed_by: { email: options.authors[0]! } }]
              : []),
          ],
    predictions:
      index % 2 === 0
        ? [{ result: choice(values[(index + 1) % 3]!), score: 0.25 + index / 1000, model_version: 'v7' }]
        : [],
  }));
  await remote.api('POST', `/api/projects/${project.id}/import`, items);
  // The uploaded tasks get an annotation by the token's user, made through the annotation API.
  const list = await remote.api<{ tasks: { id: number; data: { image: string } }[] }>(
    'GET',
    `/api/tasks/?project=${project.id}&page_size=1000&resolve_uri=false`,
  );
  for (const task of list.tasks.filter((entry) => entry.data.image.startsWith('/data/upload/'))) {
    await remote.api('POST', `/api/tasks/${task.id}/annotations/`, { result: choice('b'), lead_time: 3 });
  }
  return { project: project.id, uploads, taskCount: options.named + options.uploads };
}

/** The local id of the mirror of a remote project, read from the data folder's database. */
export function localProjectOf(dataDir: string, remoteProject: number): number {
  const db = new Database(join(dataDir, 'outpost.db'), { readonly: true });
  try {
    return db
      .prepare('SELECT project FROM remote_projects WHERE remote_project_id = ?')
      .pluck()
      .get(remoteProject) as number;
  } finally {
    db.close();
  }
}

export interface CopyOutcome {
  code: number | null;
  summary: {
    pushed: Record<string, number>;
    errors: { item: string; message: string }[];
    target_project: number | null;
  } | null;
  stderr: string;
}

export function copyArgs(dataDir: string, project: number, url: string, token: string): string[] {
  return [
    CLI_PATH,
    'sync',
    'copy',
    '--data',
    dataDir,
    '--project',
    String(project),
    '--to',
    url,
    '--token',
    token,
    '--json',
  ];
}

export function runCopyCli(dataDir: string, project: number, url: string, token: string): Promise<CopyOutcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      copyArgs(dataDir, project, url, token),
      { env: quickRetryEnv() },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        let summary: CopyOutcome['summary'] = null;
        try {
          summary = line ? (JSON.parse(line) as CopyOutcome['summary']) : null;
        } catch {
          // A killed run prints nothing.
        }
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, summary, stderr });
      },
    );
  });
}

/** Copies until a run exits 0 (at most `tries` runs). */
export async function copyUntilComplete(
  dataDir: string,
  project: number,
  url: string,
  token: string,
  tries = 6,
): Promise<CopyOutcome[]> {
  const runs: CopyOutcome[] = [];
  for (let index = 0; index < tries; index += 1) {
    const outcome = await runCopyCli(dataDir, project, url, token);
    runs.push(outcome);
    if (outcome.code === 0) return runs;
  }
  throw new Error(`the copy never completed in ${tries} runs:\n${runs.map((run) => run.stderr).join('\n---\n')}`);
}

/** The project settings a copy carries over, compared as each server answers them. */
export const COPIED_PROJECT_FIELDS = [
  'title',
  'label_config',
  'expert_instruction',
  'show_instruction',
  'show_skip_button',
  'enable_empty_annotation',
  'show_annotation_history',
  'color',
  'maximum_annotations',
  'model_version',
  'min_annotations_to_start_training',
  'show_collab_predictions',
  'sampling',
  'show_ground_truth_first',
  'show_overlap_first',
  'overlap_cohort_percentage',
  'evaluate_predictions_automatically',
  'skip_queue',
  'reveal_preannotations_interactively',
] as const;

/** The copy's writes on the target, as the proxy sees them (path with query). */
export const PROJECT_CREATE = /^\/api\/projects\/?(\?|$)/;
export const UPLOAD_FILES = /^\/api\/projects\/\d+\/import\?.*commit_to_project=false/;
export const TASK_IMPORT = /^\/api\/projects\/\d+\/import\?.*return_task_ids=true/;

/**
 * Exactly once: the target holds one copied project, whose export equals the source's (known
 * differences aside: every task once, no annotation or prediction twice or missing), and each
 * uploaded file once, with the source's bytes.
 */
export async function expectCopiedOnce(source: SyncTestRemote, seeded: SeededSource, target: SyncTestRemote) {
  const projects = await target.api<{ results: { id: number; description: string }[] }>(
    'GET',
    '/api/projects/?page_size=1000',
  );
  const copies = projects.results.filter((project) => /outpost-copy:/.test(project.description));
  expect(copies, 'one project on the target').toHaveLength(1);
  const copied = copies[0]!.id;
  const targetMe = (await target.api<{ email: string }>('GET', '/api/current-user/whoami')).email;
  const targetUsers = await target.api<{ email: string }[] | { results: { email: string }[] }>('GET', '/api/users/');
  const emails = new Set((Array.isArray(targetUsers) ? targetUsers : targetUsers.results).map((user) => user.email));
  const from = await exportView(source, seeded.project);
  const to = await exportView(target, copied);
  expect(Object.keys(to.tasks)).toHaveLength(seeded.taskCount);
  expect(withoutMarkers(to)).toEqual(expectedOnTarget(from, emails, targetMe));
  const uploads = await target.api<unknown[]>('GET', `/api/projects/${copied}/file-uploads?all=true`);
  expect(uploads, 'each file uploaded once').toHaveLength(seeded.uploads.length);
  for (const [name, url] of from.files) {
    expect(await fileBytes(target, to.files.get(name)!), name).toEqual(await fileBytes(source, url));
  }
  return copied;
}
