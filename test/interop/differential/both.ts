import { afterAll, beforeAll } from 'vitest';
import { expectSame, type CompareOptions, type Pair } from './compare.js';
import { startLabelStudio } from '../labelStudio.js';
import {
  httpTarget,
  labelStudioTarget,
  SIDES,
  startOutpostTarget,
  type Reply,
  type SendInit,
  type Side,
  type Target,
} from './targets.js';

/** A value given once for both servers, or per server (ids differ between them). */
export type PerSide<T> = T | ((side: Side) => T);

function resolve<T>(value: PerSide<T>, side: Side): T {
  return typeof value === 'function' ? (value as (side: Side) => T)(side) : value;
}

export interface Both {
  readonly targets: Pair<Target>;
  /** The same request to both servers, one after the other. */
  send(method: string, path: PerSide<string>, init?: PerSide<SendInit>): Promise<Pair<Reply>>;
  /** Sends to both and asserts the answers are the same (see compare.ts). */
  expectSame(
    what: string,
    method: string,
    path: PerSide<string>,
    init?: PerSide<SendInit>,
    options?: CompareOptions,
  ): Promise<Pair<Reply>>;
  /** Sends to both, asserts each answered `status`, and returns the parsed bodies. */
  ok<T = Record<string, unknown>>(
    method: string,
    path: PerSide<string>,
    init?: PerSide<SendInit>,
    status?: number,
  ): Promise<Pair<T>>;
}

export interface UseBothOptions {
  /** A Label Studio of this file's own instead of the run's (for calls that change its user's tokens). */
  privateLabelStudio?: boolean;
}

/**
 * Registers hooks that start a fresh Outpost for this file and pair it with the run's Label Studio
 * (or one of its own). Use the returned object inside tests only (it is filled in by beforeAll).
 */
export function useBoth(options: UseBothOptions = {}): Both {
  let targets: Pair<Target> | null = null;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    let ls = labelStudioTarget;
    if (options.privateLabelStudio) {
      const server = await startLabelStudio();
      stops.push(() => server.dispose());
      ls = () => httpTarget('ls', server.url, server.user.token, server.user.pat);
    }
    const outpost = await startOutpostTarget();
    stops.push(outpost.stop);
    targets = { ls: ls(), outpost: outpost.target };
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });
  const ready = (): Pair<Target> => {
    if (!targets) throw new Error('useBoth(): the servers are not up yet (use it inside a test)');
    return targets;
  };
  const send = async (method: string, path: PerSide<string>, init: PerSide<SendInit> = {}) => {
    const replies: Partial<Pair<Reply>> = {};
    for (const side of SIDES)
      replies[side] = await ready()[side].send(method, resolve(path, side), resolve(init, side));
    return replies as Pair<Reply>;
  };
  return {
    get targets() {
      return ready();
    },
    send,
    async expectSame(what, method, path, init, options) {
      const replies = await send(method, path, init);
      expectSame(what, replies, ready(), options);
      return replies;
    },
    async ok<T>(method: string, path: PerSide<string>, init?: PerSide<SendInit>, status = 200) {
      const replies = await send(method, path, init);
      for (const side of SIDES) {
        if (replies[side].status !== status) {
          throw new Error(
            `${method} ${resolve(path, side)} on ${side}: ${replies[side].status} ${replies[side].text.slice(0, 800)}`,
          );
        }
      }
      return { ls: replies.ls.body as T, outpost: replies.outpost.body as T };
    },
  };
}
