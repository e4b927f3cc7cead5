import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A model server written for the tests, on a real socket of 127.0.0.1, speaking Label Studio's
 * ML protocol (/health, /setup, /predict, /webhook, /versions). Each call can be made to fail in
 * the ways a real one does: refused credentials, a 500, a body that is not JSON, results that do
 * not fit the config, an answer that never comes. Every request is recorded.
 */

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export type PredictMode =
  'ok' | 'http500' | 'not-json' | 'hang' | 'misfit' | 'wrong-count' | 'one-at-a-time' | 'bare-list' | 'per-task-lists';

export interface StubBehaviour {
  health: 'ok' | 'http500' | 'hang';
  setup: 'ok' | 'http500' | 'not-json';
  predict: PredictMode;
  webhook: 'ok' | 'http500';
  versions: 'ok' | 'missing' | 'http405';
  /** When set, every call must carry these Basic Auth credentials, else 401. */
  basicAuth: { user: string; password: string } | null;
  modelVersion: string;
  /** The choice every prediction makes, and the control/object names it uses. */
  choice: string;
  fromName: string;
  toName: string;
}

export interface StubModelServer {
  url: string;
  behaviour: StubBehaviour;
  calls: RecordedCall[];
  callsTo(path: string): RecordedCall[];
  close(): Promise<void>;
}

const DEFAULTS: StubBehaviour = {
  health: 'ok',
  setup: 'ok',
  predict: 'ok',
  webhook: 'ok',
  versions: 'ok',
  basicAuth: null,
  modelVersion: 'stub-v1',
  choice: 'pos',
  fromName: 'label',
  toName: 'text',
};

function send(response: ServerResponse, status: number, body: unknown, raw = false): void {
  const text = raw ? String(body) : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': raw ? 'text/plain' : 'application/json' });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

function prediction(behaviour: StubBehaviour, task: { id: number }) {
  return {
    result: [
      {
        from_name: behaviour.fromName,
        to_name: behaviour.toName,
        type: 'choices',
        value: { choices: [behaviour.choice] },
      },
    ],
    score: 0.5 + (task.id % 5) / 10,
    model_version: behaviour.modelVersion,
  };
}

function predictAnswer(behaviour: StubBehaviour, tasks: { id: number }[]): unknown {
  switch (behaviour.predict) {
    case 'misfit':
      return {
        results: tasks.map((task) => ({
          ...prediction(behaviour, task),
          result: [{ from_name: 'nope', to_name: behaviour.toName, type: 'choices', value: { choices: ['pos'] } }],
        })),
      };
    case 'wrong-count':
      return { results: [...tasks, ...tasks].map((task) => prediction(behaviour, task)) };
    case 'one-at-a-time':
      return { results: [prediction(behaviour, tasks[0]!)] };
    case 'per-task-lists':
      return {
        results: tasks.map((task) => [prediction(behaviour, task), { ...prediction(behaviour, task), score: 0.1 }]),
      };
    default:
      return { results: tasks.map((task) => prediction(behaviour, task)), model_version: behaviour.modelVersion };
  }
}

export async function startStubModelServer(overrides: Partial<StubBehaviour> = {}): Promise<StubModelServer> {
  const behaviour: StubBehaviour = { ...DEFAULTS, ...overrides };
  const calls: RecordedCall[] = [];
  const hanging = new Set<ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0]!;
    const body = request.method === 'POST' ? await readBody(request) : null;
    calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    const expected = behaviour.basicAuth
      ? `Basic ${Buffer.from(`${behaviour.basicAuth.user}:${behaviour.basicAuth.password}`).toString('base64')}`
      : null;
    if (expected && request.headers.authorization !== expected) return send(response, 401, 'Unauthorized', true);
    const hang = () => {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
    };
    if (path === '/health') {
      if (behaviour.health === 'hang') return hang();
      if (behaviour.health === 'http500') return send(response, 500, 'health exploded', true);
      return send(response, 200, { status: 'UP', model_class: 'StubModel' });
    }
    if (path === '/setup') {
      if (behaviour.setup === 'http500') return send(response, 500, 'setup exploded', true);
      if (behaviour.setup === 'not-json') return send(response, 200, '{"model_version": ', true);
      return send(response, 200, { model_version: behaviour.modelVersion });
    }
    if (path === '/predict') {
      if (behaviour.predict === 'hang') return hang();
      if (behaviour.predict === 'http500') return send(response, 500, 'Traceback: the model fell over', true);
      if (behaviour.predict === 'not-json') return send(response, 200, '{"results": [', true);
      const tasks = (body as { tasks: { id: number }[] }).tasks;
      if (behaviour.predict === 'bare-list')
        return send(
          response,
          200,
          tasks.map((task) => prediction(behaviour, task)),
        );
      return send(response, 200, predictAnswer(behaviour, tasks));
    }
    if (path === '/webhook') {
      if (behaviour.webhook === 'http500') return send(response, 500, 'cannot train', true);
      return send(response, 201, { job: 'job-1' });
    }
    if (path === '/versions') {
      if (behaviour.versions === 'missing') return send(response, 404, 'Not Found', true);
      if (behaviour.versions === 'http405') return send(response, 405, 'Method Not Allowed', true);
      return send(response, 200, { versions: [behaviour.modelVersion, 'stub-v0'] });
    }
    send(response, 404, 'Not Found', true);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, String(error), true));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    behaviour,
    calls,
    callsTo: (path) => calls.filter((call) => call.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
