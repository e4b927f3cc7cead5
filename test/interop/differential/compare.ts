import { expect } from 'vitest';
import { KNOWN_DIFFERENCES, type KnownDifference, type KnownDifferenceId } from '../knownDifferences.js';
import { normalize, sortedByJson } from './normalize.js';
import { floatTextDifferences } from './numberTokens.js';
import { expandPath, getPath, setPath } from './paths.js';
import type { Reply, Side, Target } from './targets.js';

export type Pair<T> = Record<Side, T>;

export interface CompareOptions {
  /** Intended differences (test/interop/knownDifferences.ts) this exchange shows; each must still differ. */
  known?: readonly KnownDifferenceId[];
  /** Paths of arrays whose order neither server defines; compared as sets. */
  unordered?: readonly string[];
  /**
   * Intended differences that show only with some data (the display strings of annotated tasks):
   * taken out where they differ, without failing where they do not.
   */
  tolerate?: readonly KnownDifferenceId[];
  /**
   * Per side, strings that stand for the same thing on both servers but cannot be equal (the address
   * of each side's own model server, a version named after the moment it was made): each is replaced
   * by its placeholder wherever it appears, before the answers are normalized.
   */
  aliases?: Pair<Readonly<Record<string, string>>>;
}

function replaceAliases(value: unknown, aliases: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return Object.entries(aliases).reduce((text, [from, to]) => text.split(from).join(to), value);
  }
  if (Array.isArray(value)) return value.map((item) => replaceAliases(item, aliases));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceAliases(item, aliases)]));
  }
  return value;
}

/**
 * What is compared of an answer: its status, its media type and its body, normalized. An HTML page
 * (Django's 404 page, say) counts as such: each server has its own page design.
 */
export function comparable(
  reply: Reply,
  target: Target,
  aliases: Readonly<Record<string, string>> = {},
): { status: number; type: string; body: unknown } {
  const type = (reply.contentType.split(';')[0] ?? '').trim();
  return {
    status: reply.status,
    type,
    body: /<html/i.test(reply.text)
      ? '<an html page>'
      : normalize(replaceAliases(reply.body, aliases), { base: target.url }),
  };
}

function applyKnown(values: Pair<unknown>, known: readonly KnownDifferenceId[], mustShow = true): void {
  for (const id of known) {
    const difference: KnownDifference = KNOWN_DIFFERENCES[id];
    let differs = false;
    for (const pattern of difference.paths) {
      const paths = new Map<string, string[]>();
      for (const path of [...expandPath(values.ls, pattern), ...expandPath(values.outpost, pattern)]) {
        paths.set(path.join('.'), path);
      }
      for (const path of paths.values()) {
        if (JSON.stringify(getPath(values.ls, path)) !== JSON.stringify(getPath(values.outpost, path))) differs = true;
        setPath(values.ls, path, `<known: ${id}>`);
        setPath(values.outpost, path, `<known: ${id}>`);
      }
    }
    if (!differs && mustShow) {
      throw new Error(`The known difference "${id}" no longer shows here: drop it from this case (or from the list).`);
    }
  }
}

function applyUnordered(value: unknown, patterns: readonly string[]): void {
  for (const pattern of patterns) {
    for (const path of expandPath(value, pattern)) {
      const items = getPath(value, path);
      if (Array.isArray(items)) setPath(value, path, sortedByJson(items));
    }
  }
}

/** Asserts that Outpost answered as Label Studio did, field by field, after normalizing. */
export function expectSame(what: string, replies: Pair<Reply>, targets: Pair<Target>, options: CompareOptions = {}) {
  const values: Pair<unknown> = {
    ls: comparable(replies.ls, targets.ls, options.aliases?.ls),
    outpost: comparable(replies.outpost, targets.outpost, options.aliases?.outpost),
  };
  applyKnown(values, options.known ?? []);
  applyKnown(values, options.tolerate ?? [], false);
  applyUnordered(values.ls, options.unordered ?? []);
  applyUnordered(values.outpost, options.unordered ?? []);
  // Soft: a case goes on to its next exchanges, so one run shows every difference.
  expect.soft(values.outpost, `${what}: Outpost (actual) against Label Studio (expected)`).toEqual(values.ls);
  // Parsed, 4.0 equals 4; a Python client sees a float against an int, so the text is read too.
  if (isJson(replies.ls) && isJson(replies.outpost)) {
    const spellings = [...(options.known ?? []), ...(options.tolerate ?? [])].flatMap(
      (id) => (KNOWN_DIFFERENCES[id] as KnownDifference).numberSpellings ?? [],
    );
    const unexplained = floatTextDifferences(replies.ls.text, replies.outpost.text).filter(
      (difference) => !spellings.some((spelling) => spelling.test(difference)),
    );
    expect.soft(unexplained, `${what}: numbers written as float or int`).toEqual([]);
  }
}

function isJson(reply: Reply): boolean {
  return /json/.test(reply.contentType) && typeof reply.body === 'object' && reply.body !== null;
}
