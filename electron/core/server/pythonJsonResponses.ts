import type { Context } from 'hono';
import { writePythonJson } from '../domain/export/encode/pyFloat.js';
import type { AppEnv } from './appEnv.js';

/**
 * Every JSON answer of the app is written here: Label Studio's float fields (a lead time, a
 * prediction's score, weights) reach it as PyFloat and keep their fraction (`4.0`), which a client
 * in Python reads as a float, as it does from Label Studio. Installed on each request's context, so
 * a route's `c.json(...)` needs nothing else.
 */
export function writeJsonLikePython(c: Context<AppEnv>): void {
  const json = (object: unknown, arg?: unknown, headers?: Record<string, string>) =>
    c.body(writePythonJson(object), arg as never, { 'Content-Type': 'application/json', ...headers });
  c.json = json as unknown as typeof c.json;
}
