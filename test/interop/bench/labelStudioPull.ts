import { get } from 'node:http';
import type { HttpJson, OutpostServer, SyncRun } from '../sync/syncRig.js';

/*
 * What the pull bench does to the real Label Studio: a project of `count` text tasks, each with
 * one annotation and every tenth with a prediction, imported in bulk (one import request per
 * 5,000 tasks), and a sync through Outpost's API waited on without the rig's two-minute limit.
 */

export const BENCH_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

const label = (value: string) => [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

const IMPORT_CHUNK = 5_000;

export async function importBenchProject(ls: HttpJson, count: number, userId: number): Promise<number> {
  const project = await ls.call<{ id: number }>('POST', '/api/projects/', {
    title: `Pull bench ${count}`,
    label_config: BENCH_CONFIG,
  });
  for (let start = 0; start < count; start += IMPORT_CHUNK) {
    const tasks = [];
    for (let index = start; index < Math.min(count, start + IMPORT_CHUNK); index += 1) {
      tasks.push({
        data: { text: `bench task number ${index}, a sentence of ordinary length to label` },
        annotations: [{ result: label(index % 2 === 0 ? 'pos' : 'neg'), completed_by: userId, lead_time: 2.5 }],
        ...(index % 10 === 0 ? { predictions: [{ result: label('pos'), score: 0.5, model_version: 'bench' }] } : {}),
      });
    }
    await ls.call('POST', `/api/projects/${project.id}/import`, tasks);
  }
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
