import type { Hono } from 'hono';
import type { AppEnv } from '../appEnv.js';

/** Pushing predictions made here to a mirrored project's remote, on request (to be filled in). */
export function outpostPredictionPushRoutes(_app: Hono<AppEnv>): void {}
