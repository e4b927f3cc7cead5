import { get } from 'node:http';
import type { LabelStudioInfo } from '../labelStudio.js';
import { labelStudioApi, type Json, type OutpostServer, type SyncRun } from '../sync/syncRig.js';
import { seedTasks } from './seedTasks.js';

/*
 * What the pull bench does to the real Label Studio: a project of `count` text tasks, each with
 * one annotation and every tenth with a prediction, added by Label Studio's own import code run in
 * process (seedTasks.ts), and a sync through Outpost's API waited on without the rig's two-minute
 * limit.
 */

export const BENCH_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

const label = (value: string) => [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

/** Tasks `from` to `to` (not included) of the bench project, in the import API's form. */
export function benchTasks(from: number, to: number, userId: number): Json[] {
  const tasks: Json[] = [];
  for (let index = from; index < to; index += 1) {
    tasks.push({
      data: { text: `bench task number ${index}, a sentence of ordinary length to label` },
      annotations: [{ result: label(index % 2 === 0 ? 'pos' : 'neg'), completed_by: userId, lead_time: 2.5 }],
      ...(index % 10 === 0 ? { predictions: [{ result: label('pos'), score: 0.5, model_version: 'bench' }] } : {}),
    });
  }
  return tasks;
}

/** A new project of `count` bench tasks; returns its id. */
export async function seedBenchProject(ls: LabelStudioInfo, count: number): Promise<number> {
  const project = await labelStudioApi(ls).call<{ id: number }>('POST', '/api/projects/', {
    title: `Pull bench ${count}`,
    label_config: BENCH_CONFIG,
  });
  await seedTasks(ls, project.id, benchTasks(0, count, ls.user.id));
  return project.id;
}

/** Starts a sync of the remote through Outpost's API and waits for its end, however long. */
export async function syncAndWait(outpost: OutpostServer, remoteId: number, projects: number[]): Promise<SyncRun> {
  const started = await outpost.api.call<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
    projects,
  });
  for (;;) {
    const runs = await outpost.api.call<(SyncRun & { finished_at: string | null })[]>(
      'GET',
      `/api/outpost/remotes/${remoteId}/runs`,
    );
    const run = runs.find((candidate) => candidate.id === started.id);
    if (run?.finished_at) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - start) / 1000 };
}

/**
 * A GET of JSON with no time limit: Label Studio builds a whole export before its first byte,
 * which for a large project takes longer than fetch waits for headers (5 minutes).
 */
export function getJsonWithoutTimeout(url: string, token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { Authorization: `Token ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
