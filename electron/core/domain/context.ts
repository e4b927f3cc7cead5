import type { Db } from '../db/open.js';
import type { Clock } from './clock.js';
import type { Timers } from './timers.js';

/** What every use case needs: the database, the time, and the data folder's JWT signing secret. */
export interface DomainContext {
  db: Db;
  clock: Clock;
  secret: string;
  /** Timers of background work (the built-in model's retraining); the system's unless a test moves time. */
  timers?: Timers;
}
