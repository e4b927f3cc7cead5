import type { Hono } from 'hono';
import type { AppEnv } from '../appEnv.js';

/** `/api/outpost/ml/local-model`: the built-in model's training state and accuracy (to be filled in). */
export function outpostLocalModelRoutes(_app: Hono<AppEnv>): void {}
