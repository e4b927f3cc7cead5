import { createTestApp, type TestApp } from './testApp.js';

export type { TestApp } from './testApp.js';

export const TEXT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

/** Sends a JSON request with the test token and returns the status and the parsed body. */
export async function call(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many JSON shapes field by field
): Promise<{ status: number; body: any; response: Response }> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await t.withToken(path, init);
  const text = await response.clone().text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, response };
}

export async function createProject(t: TestApp, body: Record<string, unknown> = {}): Promise<number> {
  const { status, body: project } = await call(t, 'POST', '/api/projects/', { label_config: TEXT_CONFIG, ...body });
  if (status !== 201) throw new Error(`project create failed: ${status} ${JSON.stringify(project)}`);
  return (project as { id: number }).id;
}

export async function createTask(t: TestApp, project: number, data: unknown = { text: 'hello' }): Promise<number> {
  const { status, body } = await call(t, 'POST', `/api/projects/${project}/tasks/`, { data });
  if (status !== 201) throw new Error(`task create failed: ${status} ${JSON.stringify(body)}`);
  return (body as { id: number }).id;
}

/** Another (synced-in) user, for ownership and queue tests. */
export function insertOtherUser(t: TestApp, email = 'other@example.com'): number {
  return Number(
    t.db.prepare("INSERT INTO users (email, date_joined, last_activity, is_local) VALUES (?, 'x', 'x', 0)").run(email)
      .lastInsertRowid,
  );
}

/** The task row's counters and bump fields, straight from the database. */
export function taskState(t: TestApp, task: number) {
  return t.db
    .prepare(
      'SELECT total_annotations, cancelled_annotations, total_predictions, is_labeled, updated_at, updated_by FROM tasks WHERE id = ?',
    )
    .get(task) as {
    total_annotations: number;
    cancelled_annotations: number;
    total_predictions: number;
    is_labeled: number;
    updated_at: string;
    updated_by: number | null;
  };
}

export const choices = (label: string) => [
  { id: 'r1', from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [label] } },
];

/** A fresh app with one text project holding one task: where most task and annotation tests start. */
export async function appWithTask(): Promise<{ t: TestApp; project: number; task: number }> {
  const t = await createTestApp();
  const project = await createProject(t);
  const task = await createTask(t, project);
  return { t, project, task };
}
