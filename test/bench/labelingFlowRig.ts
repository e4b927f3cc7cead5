import type { E2eServer } from '../helpers/e2eServer.js';
import { waitUntil } from '../helpers/eventually.js';
import { labelStudioApi, type HttpJson } from '../interop/sync/syncRig.js';
import type { LabelStudioServer } from '../interop/labelStudio.js';
import { flowImage, flowImageName } from './labelingFlowMedia.js';
import { TEXT_MARKER } from './labelingFlowProbe.js';

/*
 * The projects the labeling flow bench labels, on Outpost (`outpost serve`) and on the real Label
 * Studio 1.22, each made through the server's own API: the same configs (the first choice on
 * hotkey "1"), text tasks that carry a marker the browser probe finds, and the same images.
 */

export const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="Positive" hotkey="1"/><Choice value="Negative" hotkey="2"/></Choices></View>';
export const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="kind" toName="image">' +
  '<Choice value="Striped" hotkey="1"/><Choice value="Plain" hotkey="2"/></Choices></View>';

const FILLER = 'The reviewer wrote at length about the product, its price and the delivery. '.repeat(3);

/** `count` text tasks whose text starts with the marker and its number (1-based). */
export function textTasks(count: number): { text: string }[] {
  return Array.from({ length: count }, (_, index) => ({ text: `${TEXT_MARKER}${index + 1}: ${FILLER}` }));
}

/** The generated images, made once and uploaded to every image project. */
export function flowImages(count: number): { name: string; bytes: Buffer }[] {
  return Array.from({ length: count }, (_, index) => ({ name: flowImageName(index), bytes: flowImage(index) }));
}

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function outpostApi(server: E2eServer): Api {
  return (method, path, body) => server.api(method, path, body as object | undefined);
}

export function labelStudioCaller(ls: LabelStudioServer): { api: Api; http: HttpJson } {
  const http = labelStudioApi(ls);
  return { api: (method, path, body) => http.call(method, path, body), http };
}

export async function createFlowProject(api: Api, title: string, labelConfig: string): Promise<number> {
  return (await api<{ id: number }>('POST', '/api/projects/', { title, label_config: labelConfig })).id;
}

export async function annotatedTasks(api: Api, project: number): Promise<number> {
  return (await api<{ num_tasks_with_annotations: number }>('GET', `/api/projects/${project}/`))
    .num_tasks_with_annotations;
}

/** Imports JSON tasks in one request and checks that all of them landed. */
export async function importJson(api: Api, project: number, tasks: object[]): Promise<void> {
  const answer = await api<{ task_count: number }>('POST', `/api/projects/${project}/import`, tasks);
  if (answer.task_count !== tasks.length) throw new Error(`imported ${answer.task_count} of ${tasks.length} tasks`);
}

/** Uploads the images as files (one task each), a few per request as a browser's import does. */
export async function uploadImages(api: Api, project: number, images: { name: string; bytes: Buffer }[]) {
  const perRequest = 10;
  let tasks = 0;
  for (let at = 0; at < images.length; at += perRequest) {
    const form = new FormData();
    for (const image of images.slice(at, at + perRequest)) {
      form.append(image.name, new Blob([new Uint8Array(image.bytes)], { type: 'image/png' }), image.name);
    }
    tasks += (await api<{ task_count: number }>('POST', `/api/projects/${project}/import`, form)).task_count;
  }
  if (tasks !== images.length) throw new Error(`uploading ${images.length} images made ${tasks} tasks`);
}

interface SyncRunRow {
  id: number;
  finished_at: string | null;
  errors: unknown[];
}

/**
 * Adds Label Studio as a remote of Outpost and syncs one of its projects, which caches the editor
 * Label Studio serves; returns that editor's key (what a local project is told to label with).
 */
export async function cacheLabelStudioEditor(
  outpost: Api,
  ls: LabelStudioServer,
  remoteProject: number,
): Promise<string> {
  const remote = (await outpost<{ id: number }>('POST', '/api/outpost/remotes/', { url: ls.url, token: ls.user.token }))
    .id;
  const run = await outpost<{ id: number }>('POST', `/api/outpost/remotes/${remote}/sync`, {
    projects: [remoteProject],
  });
  const finished = await waitUntil(
    async () =>
      (await outpost<SyncRunRow[]>('GET', `/api/outpost/remotes/${remote}/runs`)).find(
        (candidate) => candidate.id === run.id && candidate.finished_at,
      ),
    'the sync with Label Studio to finish',
    180_000,
  );
  if (finished.errors.length > 0) throw new Error(`the sync failed: ${JSON.stringify(finished.errors)}`);
  const mirrors = await outpost<{ id: number; mirror: { project: number } | null }[]>(
    'GET',
    `/api/outpost/remotes/${remote}/projects`,
  );
  const mirror = mirrors.find((candidate) => candidate.id === remoteProject)?.mirror?.project;
  if (!mirror) throw new Error('the synced project has no local mirror');
  const editor = await outpost<{ kind: string; key: string | null }>('GET', `/api/outpost/projects/${mirror}/editor`);
  if (editor.kind !== 'cached' || !editor.key) throw new Error(`no cached editor: ${JSON.stringify(editor)}`);
  return editor.key;
}

/** Makes a local project label with a cached editor (its key) or the bundled one (null). */
export async function chooseEditor(outpost: Api, project: number, key: string | null): Promise<void> {
  await outpost('PUT', `/api/outpost/projects/${project}/editor`, { editor: key });
}
