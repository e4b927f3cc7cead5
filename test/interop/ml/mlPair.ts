import { afterAll, beforeAll } from 'vitest';
import type { Both } from '../differential/both.js';
import { expectSame, type CompareOptions, type Pair } from '../differential/compare.js';
import { SIDES, type Reply, type Side } from '../differential/targets.js';
import type { KnownDifferenceId } from '../knownDifferences.js';
import { startMlBackend, type MlBackendServer } from '../mlBackendServer.js';
import type { ProjectPair } from '../conformance/projectPair.js';

/*
 * What the ML backend cases share: a model server of its own for each side (the framework serves
 * one model per process), the sentiment project keyword_model.py classifies, and the calls that
 * connect the model and ask it for predictions on both servers.
 */

export const SENTIMENT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text" choice="single">' +
  '<Choice value="Positive"/><Choice value="Negative"/><Choice value="Neutral"/></Choices></View>';

export function sentiment(value: string) {
  return [{ from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [value] } }];
}

/** Starts a model server per side before the file's cases, and stops them after. Use inside tests only. */
export function useModelServers(): Pair<MlBackendServer> {
  const servers: Partial<Pair<MlBackendServer>> = {};
  beforeAll(async () => {
    for (const side of SIDES) servers[side] = await startMlBackend();
  });
  afterAll(async () => {
    for (const side of SIDES) await servers[side]?.dispose();
  });
  const get = (side: Side) => {
    const server = servers[side];
    if (!server) throw new Error('useModelServers(): the model servers are not up yet (use them inside a test)');
    return server;
  };
  return {
    get ls() {
      return get('ls');
    },
    get outpost() {
      return get('outpost');
    },
  };
}

/** Each side's model server address, the same thing under two ports. */
function modelAliases(models: Pair<MlBackendServer>): Pair<Record<string, string>> {
  return { ls: { [models.ls.url]: '<model server>' }, outpost: { [models.outpost.url]: '<model server>' } };
}

/** Options for comparisons that show model server addresses, and maybe `extra` aliases per side. */
export function withModels(
  models: Pair<MlBackendServer>,
  options: CompareOptions = {},
  extra?: Pair<Record<string, string>>,
): CompareOptions {
  const aliases = modelAliases(models);
  return {
    ...options,
    aliases: { ls: { ...aliases.ls, ...extra?.ls }, outpost: { ...aliases.outpost, ...extra?.outpost } },
  };
}

/** `POST /api/ml` on both, compared; returns each side's backend id. */
export async function connectModel(
  both: Both,
  models: Pair<MlBackendServer>,
  project: ProjectPair,
  fields: Record<string, unknown> = {},
): Promise<Pair<number>> {
  const replies = await both.expectSame(
    'connect the model',
    'POST',
    '/api/ml',
    (side) => ({ json: { url: models[side].url, project: project.ids[side], ...fields } }),
    withModels(models),
  );
  for (const side of SIDES) {
    if (replies[side].status !== 201)
      throw new Error(`connect on ${side}: ${replies[side].status} ${replies[side].text}`);
  }
  return { ls: (replies.ls.body as { id: number }).id, outpost: (replies.outpost.body as { id: number }).id };
}

/** The Data Manager's "Retrieve Predictions" for the given tasks of each side, compared. */
export function retrievePredictions(
  both: Both,
  project: ProjectPair,
  taskIds: Pair<number[]>,
  known: KnownDifferenceId[] = ['retrieve-predictions-report'],
) {
  return both.expectSame(
    'retrieve predictions',
    'POST',
    (side) => `/api/dm/actions?id=retrieve_tasks_predictions&project=${project.ids[side]}`,
    (side) => ({ json: { selectedItems: { all: false, included: taskIds[side] } } }),
    { known },
  );
}

/** Polls `check` until it holds; fails with the model server's log after `seconds`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  server: MlBackendServer,
  seconds = 60,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s. Model server log:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The paths of the calls a model server got, with the webhook's action (`POST /webhook START_TRAINING`). */
export function callsOf(server: MlBackendServer): string[] {
  return server.requests().map((call) => `${call.method} ${call.path}${call.action ? ` ${call.action}` : ''}`);
}

/**
 * What may differ in the calls two model servers got: each server's own address (Label Studio
 * gives `http://localhost:<port>` in /setup, Outpost the address it was reached at) and each
 * project's uid (`<id>.<created_at in seconds>`), numbered by first appearance.
 */
function modelCallAliases(both: Both, models: Pair<MlBackendServer>, side: Side): Record<string, string> {
  const own = both.targets[side].url;
  const aliases: Record<string, string> = { [own]: '<base>', [own.replace('127.0.0.1', 'localhost')]: '<base>' };
  const uids = [...new Set(models[side].requests().flatMap((call) => (call.project ? [call.project] : [])))];
  uids.forEach((uid, index) => (aliases[uid] = `<project uid ${index + 1}>`));
  return aliases;
}

/**
 * Compares the bodies of the calls each side's model server got on `path` so far, in order, like
 * answers; only the first `count` when given.
 */
export function expectSameModelCalls(
  both: Both,
  models: Pair<MlBackendServer>,
  what: string,
  path: string,
  options: CompareOptions = {},
  count?: number,
) {
  const asReply = (side: Side): Reply => {
    const bodies = models[side]
      .requests()
      .filter((call) => call.path === path)
      .map((call) => call.body)
      .slice(0, count);
    const text = JSON.stringify(bodies);
    return { status: 200, contentType: 'application/json', headers: new Headers(), body: bodies, text };
  };
  const aliases = { ls: modelCallAliases(both, models, 'ls'), outpost: modelCallAliases(both, models, 'outpost') };
  expectSame(what, { ls: asReply('ls'), outpost: asReply('outpost') }, both.targets, { ...options, aliases });
}
