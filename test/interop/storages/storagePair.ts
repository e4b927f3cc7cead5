import { afterAll, beforeAll, expect } from 'vitest';
import type { KnownDifferenceId } from '../knownDifferences.js';
import { expectSame, type CompareOptions, type Pair } from '../differential/compare.js';
import {
  labelStudioTarget,
  SIDES,
  startOutpostTarget,
  type Reply,
  type SendInit,
  type Side,
  type Target,
} from '../differential/targets.js';

/*
 * The run's Label Studio beside a fresh `outpost serve` started with extra environment (local-files
 * serving), as differential/both.ts pairs them, plus what storage answers need before comparing:
 * the Python timestamps in `meta`, task ids inside resolve URLs, and the order of keys.
 */

export type PerSide<T> = T | ((side: Side) => T);

const pick = <T>(value: PerSide<T>, side: Side): T =>
  typeof value === 'function' ? (value as (side: Side) => T)(side) : value;

export interface StorageCompareOptions extends CompareOptions {
  /** Also require the same key order, at every depth. */
  keyOrder?: boolean;
}

/** `meta` times are Python's str(datetime) (`2026-01-15 10:00:00.123456+00:00`), which normalize.ts leaves. */
const PY_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?\+00:00$/;
/** Resolve URLs carry each server's own task id. */
const RESOLVE_PATH = /\/(tasks|projects)\/\d+\/(resolve|presign)\//g;

export function scrub(value: unknown): unknown {
  if (typeof value === 'string') {
    return PY_TIME.test(value) ? '<python time>' : value.replace(RESOLVE_PATH, '/$1/<id>/$2/');
  }
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item)]));
  }
  return value;
}

/** The keys of every object, in order, without the values: what toEqual does not compare. */
export function keyShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyShape);
  if (value && typeof value === 'object') return Object.entries(value).map(([key, item]) => [key, keyShape(item)]);
  return null;
}

export interface StoragePair {
  targets: Pair<Target>;
  outpostDataDir: string;
  send(method: string, path: PerSide<string>, init?: PerSide<SendInit>): Promise<Pair<Reply>>;
  expectSame(
    what: string,
    method: string,
    path: PerSide<string>,
    init?: PerSide<SendInit>,
    options?: StorageCompareOptions,
  ): Promise<Pair<Reply>>;
  ok<T = Record<string, unknown>>(
    method: string,
    path: PerSide<string>,
    init?: PerSide<SendInit>,
    status?: number,
  ): Promise<Pair<T>>;
  /** Compares two values (objects written to storages, say) as answers are compared. */
  expectSameValue(what: string, values: Pair<unknown>, known?: readonly KnownDifferenceId[]): void;
}

export function useStoragePair(outpostEnv: NodeJS.ProcessEnv = {}): () => StoragePair {
  let pair: StoragePair | null = null;
  let stop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    const outpost = await startOutpostTarget(outpostEnv);
    stop = outpost.stop;
    const targets: Pair<Target> = { ls: labelStudioTarget(), outpost: outpost.target };
    const send = async (method: string, path: PerSide<string>, init: PerSide<SendInit> = {}) => {
      const replies: Partial<Pair<Reply>> = {};
      for (const side of SIDES) replies[side] = await targets[side].send(method, pick(path, side), pick(init, side));
      return replies as Pair<Reply>;
    };
    pair = {
      targets,
      outpostDataDir: outpost.dataDir,
      send,
      async expectSame(what, method, path, init, options = {}) {
        const replies = await send(method, path, init);
        const scrubbed = (side: Side) => ({ ...replies[side], body: scrub(replies[side].body) });
        expectSame(what, { ls: scrubbed('ls'), outpost: scrubbed('outpost') }, targets, options);
        if (options.keyOrder) {
          expect.soft(keyShape(replies.outpost.body), `${what}: key order`).toEqual(keyShape(replies.ls.body));
        }
        return replies;
      },
      async ok<T>(method: string, path: PerSide<string>, init?: PerSide<SendInit>, status = 200) {
        const replies = await send(method, path, init);
        for (const side of SIDES) {
          if (replies[side].status !== status) {
            throw new Error(`${method} ${pick(path, side)} on ${side}: ${replies[side].status} ${replies[side].text}`);
          }
        }
        return { ls: replies.ls.body as T, outpost: replies.outpost.body as T };
      },
      expectSameValue(what, values, known = []) {
        const reply = (side: Side): Reply => {
          const text = JSON.stringify(values[side]);
          return {
            status: 200,
            contentType: 'application/json',
            headers: new Headers(),
            body: scrub(values[side]),
            text,
          };
        };
        expectSame(what, { ls: reply('ls'), outpost: reply('outpost') }, targets, { known });
      },
    };
  });
  afterAll(async () => {
    await stop?.();
  });
  return () => {
    if (!pair) throw new Error('useStoragePair(): the servers are not up yet (use it inside a test)');
    return pair;
  };
}

/** Creates the same storage on both servers (compared, key order too); the paths of each side's storage. */
export async function expectSameNewStorage(
  both: StoragePair,
  what: string,
  base: string,
  project: { ids: Pair<number> },
  body: Record<string, unknown>,
): Promise<(rest?: string) => (side: Side) => string> {
  const replies = await both.expectSame(
    what,
    'POST',
    base,
    (side) => ({ json: { project: project.ids[side], ...body } }),
    { keyOrder: true },
  );
  const id = (side: Side) => (replies[side].body as { id: number }).id;
  return (rest = '') =>
    (side) =>
      `${base}/${id(side)}${rest}`;
}

/** Polls `read` (an object a background export writes) until it gives something: `attempts` tries 100 ms apart. */
export async function eventually<T>(read: () => Promise<T | null>, attempts = 50): Promise<T | null> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
