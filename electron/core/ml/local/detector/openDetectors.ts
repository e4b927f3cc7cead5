import { readFileSync, statSync } from 'node:fs';
import { openDetector, type OpenDetector } from './detectorModel.js';

/*
 * Opened detectors, kept between requests: opening a model parses and prepares all its weights,
 * which costs far more than one image. A file replaced since it was opened (a new detector set
 * for the project) is opened again. Few are kept, as each holds its weights in memory.
 */

const KEEP = 2;

interface Entry {
  version: string;
  opening: Promise<OpenDetector>;
}

const opened = new Map<string, Entry>();

function release(entry: Entry): void {
  // A model that failed to open has nothing to release; its error was reported to the caller.
  entry.opening.then((detector) => detector.session.release()).catch(() => undefined);
}

export function forgetOpenDetector(path: string): void {
  const entry = opened.get(path);
  if (!entry) return;
  opened.delete(path);
  release(entry);
}

/** The detector in `path` (a stored model), opened once for as long as the file is the same. */
export function openStoredDetector(path: string, classNames: string[]): Promise<OpenDetector> {
  const stats = statSync(path);
  const version = `${stats.size}:${stats.mtimeMs}`;
  const known = opened.get(path);
  if (known && known.version === version) {
    // Most recently used last, so the oldest is the one evicted.
    opened.delete(path);
    opened.set(path, known);
    return known.opening;
  }
  if (known) forgetOpenDetector(path);
  const entry: Entry = { version, opening: openDetector(readFileSync(path), classNames) };
  entry.opening.catch(() => {
    if (opened.get(path) === entry) opened.delete(path);
  });
  opened.set(path, entry);
  for (const [oldest, old] of opened) {
    if (opened.size <= KEEP) break;
    opened.delete(oldest);
    release(old);
  }
  return entry.opening;
}
