import { readFileSync, statSync } from 'node:fs';
import { openDetector, type OpenDetector } from './detectorModel.js';

/*
 * Opened detectors, kept in the image worker's thread between jobs: opening a model parses and
 * prepares all its weights, which costs far more than one image. A file replaced since it was
 * opened (a new detector set for the project) is opened again. Few are kept, as each holds its
 * weights in memory; one dropped while a job still runs it is released when that job is done,
 * since a released session fails the runs it had not finished.
 */

const KEEP = 2;

interface Entry {
  version: string;
  opening: Promise<OpenDetector>;
  users: number;
  isDropped: boolean;
}

const opened = new Map<string, Entry>();

function releaseWhenUnused(entry: Entry): void {
  if (!entry.isDropped || entry.users > 0) return;
  // A model that failed to open has nothing to release; its error was reported to the caller.
  entry.opening.then((detector) => detector.session.release()).catch(() => undefined);
}

function drop(path: string, entry: Entry): void {
  if (opened.get(path) === entry) opened.delete(path);
  entry.isDropped = true;
  releaseWhenUnused(entry);
}

export function forgetOpenDetector(path: string): void {
  const entry = opened.get(path);
  if (entry) drop(path, entry);
}

function entryFor(path: string, classNames: string[]): Entry {
  const stats = statSync(path);
  const version = `${stats.size}:${stats.mtimeMs}`;
  const known = opened.get(path);
  if (known && known.version === version) {
    // Most recently used last, so the oldest is the one dropped.
    opened.delete(path);
    opened.set(path, known);
    return known;
  }
  if (known) drop(path, known);
  const entry: Entry = { version, opening: openDetector(readFileSync(path), classNames), users: 0, isDropped: false };
  entry.opening.catch(() => drop(path, entry));
  opened.set(path, entry);
  for (const [oldest, old] of opened) {
    if (opened.size <= KEEP) break;
    drop(oldest, old);
  }
  return entry;
}

/** Runs `use` with the detector stored in `path`, opened once for as long as the file is the same. */
export async function withStoredDetector<T>(
  path: string,
  classNames: string[],
  use: (detector: OpenDetector) => Promise<T>,
): Promise<T> {
  const entry = entryFor(path, classNames);
  entry.users += 1;
  try {
    return await use(await entry.opening);
  } finally {
    entry.users -= 1;
    releaseWhenUnused(entry);
  }
}
