import type { Db } from '../db/open.js';
import type { Clock } from './clock.js';

/** What every use case needs: the database, the time, and the data folder's JWT signing secret. */
export interface DomainContext {
  db: Db;
  clock: Clock;
  secret: string;
}
