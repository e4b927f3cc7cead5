import { createSpanMatcher, foldForMatching, type FoundSpan, type LexiconItem } from './spanMatcher.js';
import type { TimeSlicer } from './timeSlicer.js';
import { MIN_EXAMPLES, type Trained } from './trained.js';

/*
 * Span labeling for a Labels control on a Text: a lexicon learned from the annotated spans.
 * Every annotated span's text becomes an entry under its most frequent label; the entries are
 * then looked for in the training texts themselves, and an entry that is found where annotators
 * did not mark it (a common word that was once part of a name) is dropped. What is left is found
 * in new texts by the @nlpjs/ner matcher, each span scored by how often its entry was right.
 */

export interface GoldSpan {
  /** UTF-16 offsets, `end` exclusive, as Label Studio's editor writes them. */
  start: number;
  end: number;
  label: string;
}

export interface SpanExample {
  task: number;
  text: string;
  spans: GoldSpan[];
}

export interface LexiconEntry extends LexiconItem {
  /** How often a match of this entry was an annotated span, smoothed: (right + 1) / (found + 2). */
  score: number;
}

/** A Labels control's learned state, as stored (JSON). */
export interface StoredSpansModel {
  kind: 'spans';
  entries: LexiconEntry[];
  /** How often a training text had no span: the score of finding none. */
  emptyScore: number;
}

export interface ScoredSpan extends GoldSpan {
  text: string;
  score: number;
}

/** An entry is kept when its matches were annotated spans at least this often. */
const MIN_ENTRY_SCORE = 0.5;

export function spanKey(span: GoldSpan): string {
  return `${span.start}:${span.end}:${span.label}`;
}

/** Each annotated text's entry (folded) with its most frequent label and its first spelling. */
function collectEntries(examples: readonly SpanExample[]): LexiconItem[] {
  const labels = new Map<string, Map<string, number>>();
  const spellings = new Map<string, string>();
  for (const example of examples) {
    for (const span of example.spans) {
      const text = example.text.slice(span.start, span.end);
      const key = foldForMatching(text);
      if (key.trim() === '') continue;
      if (!spellings.has(key)) spellings.set(key, text);
      const counts = labels.get(key) ?? new Map<string, number>();
      counts.set(span.label, (counts.get(span.label) ?? 0) + 1);
      labels.set(key, counts);
    }
  }
  return [...labels].map(([key, counts]) => ({
    text: spellings.get(key)!,
    label: [...counts].sort((a, b) => b[1] - a[1])[0]![0],
  }));
}

export async function trainSpans(
  examples: readonly SpanExample[],
  slicer: TimeSlicer,
): Promise<Trained<StoredSpansModel>> {
  if (examples.length < MIN_EXAMPLES) {
    return { ok: false, problem: `it needs at least ${MIN_EXAMPLES} annotated tasks, it has ${examples.length}` };
  }
  const candidates = collectEntries(examples);
  if (candidates.length === 0) return { ok: false, problem: 'no annotated task has a span of it' };

  // How often each candidate, looked for in the training texts, finds an annotated span.
  const matcher = createSpanMatcher(candidates);
  const found = new Map<string, number>();
  const right = new Map<string, number>();
  for (const example of examples) {
    const gold = new Set(example.spans.map(spanKey));
    for (const span of await matcher.find(example.text)) {
      found.set(span.key, (found.get(span.key) ?? 0) + 1);
      if (gold.has(spanKey(span))) right.set(span.key, (right.get(span.key) ?? 0) + 1);
    }
    await slicer.pause();
  }
  const entries: LexiconEntry[] = [];
  for (const candidate of candidates) {
    const key = foldForMatching(candidate.text);
    const matches = found.get(key) ?? 0;
    // An entry never found (a span that does not start and end on word boundaries) cannot help.
    if (matches === 0) continue;
    const score = ((right.get(key) ?? 0) + 1) / (matches + 2);
    if (score >= MIN_ENTRY_SCORE) entries.push({ ...candidate, score });
  }
  if (entries.length === 0) {
    return { ok: false, problem: 'none of its annotated spans can be found again as whole words' };
  }
  const empty = examples.filter((example) => example.spans.length === 0).length;
  return { ok: true, model: { kind: 'spans', entries, emptyScore: (empty + 1) / (examples.length + 2) } };
}

export type SpansPredictor = (
  text: string,
  allowed: ReadonlySet<string> | null,
) => Promise<{ spans: ScoredSpan[]; score: number }>;

export function loadSpansPredictor(model: StoredSpansModel): SpansPredictor {
  const matcher = createSpanMatcher(model.entries);
  const scores = new Map(model.entries.map((entry) => [foldForMatching(entry.text), entry.score]));
  return async (text, allowed) => {
    const spans = (await matcher.find(text))
      .filter((span: FoundSpan) => allowed === null || allowed.has(span.label))
      .map((span) => ({
        start: span.start,
        end: span.end,
        label: span.label,
        text: text.slice(span.start, span.end),
        score: scores.get(span.key) ?? 0,
      }));
    const score =
      spans.length === 0 ? model.emptyScore : spans.reduce((sum, span) => sum + span.score, 0) / spans.length;
    return { spans, score };
  };
}
