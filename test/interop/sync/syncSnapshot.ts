import type { HttpJson, Json } from './syncRig.js';

/*
 * A project's tasks as comparable values on either server: keyed by their data (a mirror keeps
 * the remote's references), each annotation with its author's email (the only identity the two
 * servers share; the token's user, whose work is "mine" on both sides, is `me`), its result and flags, each prediction with its result, score and version.
 */

interface WireAnnotation {
  result: unknown;
  created_username?: string;
  completed_by: number;
  was_cancelled: boolean;
  ground_truth: boolean;
  lead_time: number | null;
}

interface WireTask {
  data: Json;
  meta?: unknown;
  annotations: WireAnnotation[];
  predictions: { result: unknown; score: number | null; model_version: string }[];
  total_annotations: number;
  cancelled_annotations: number;
  total_predictions: number;
  is_labeled: boolean;
}

/** `"<first> <last> <email>, <id>"` -> the email. */
function emailOf(annotation: WireAnnotation): string {
  const match = /(\S+), \d+$/.exec(annotation.created_username ?? '');
  return match?.[1] ?? `#${annotation.completed_by}`;
}

const byJson = <T>(items: T[]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export type TaskSnapshot = Record<string, Json>;

/**
 * The project's tasks; the API's own user (the token's) is named `me`, others by email. `listing`
 * narrows them as the task list's parameters do (`view=3`, `query=...`).
 */
export async function snapshotProject(api: HttpJson, projectId: number, listing = ''): Promise<TaskSnapshot> {
  const me = (await api.call<{ email: string }>('GET', '/api/current-user/whoami')).email;
  const page = await api.call<{ tasks: WireTask[] }>(
    'GET',
    `/api/tasks/?project=${projectId}&fields=all&resolve_uri=false&page_size=100000${listing && `&${listing}`}`,
  );
  const entries = page.tasks.map((task) => [
    JSON.stringify(task.data),
    {
      total_annotations: task.total_annotations,
      cancelled_annotations: task.cancelled_annotations,
      // Counted from the list: Label Studio 1.22 was seen (once, under load) still saying 1 after
      // the task's only prediction was deleted, while listing none. Outpost's own counters are
      // checked against its rows by the contract tests.
      total_predictions: task.predictions.length,
      is_labeled: task.is_labeled,
      annotations: byJson(
        task.annotations.map((annotation) => ({
          author: emailOf(annotation) === me ? 'me' : emailOf(annotation),
          result: annotation.result,
          was_cancelled: annotation.was_cancelled,
          ground_truth: annotation.ground_truth,
          lead_time: annotation.lead_time,
        })),
      ),
      predictions: byJson(
        task.predictions.map((prediction) => ({
          result: prediction.result,
          score: prediction.score,
          model_version: prediction.model_version,
        })),
      ),
    },
  ]);
  return Object.fromEntries(entries.sort(([a], [b]) => String(a).localeCompare(String(b))));
}
