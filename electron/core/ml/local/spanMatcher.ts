import type { Container } from '@nlpjs/core';
import type { EnumRule, NerEdge, WordPosition } from '@nlpjs/ner';
import { learnerLibraries } from './learnerLibraries.js';

/*
 * Finds a lexicon's entries in a text with @nlpjs/ner's enum extractor: its word segmentation
 * (letters, digits and CJK characters, one word per ideograph), its case- and accent-insensitive
 * dictionary and its resolution of overlapping matches (the longer one wins). Two of its methods
 * are replaced, for reasons of our own:
 * - normalize: the library lowercases and strips accents from the whole text, which changes its
 *   length for some characters ("İ" lowercases to two code units, a decomposed "e\u0301" loses
 *   one), and then its match offsets no longer point into the original text. Ours folds each
 *   character only when that keeps its length, so offsets are always the original's.
 * - getBestExact: the library looks up every run of words of the text (quadratic in its length);
 *   ours only runs as long as the longest entry, which keeps long documents linear.
 */

/** Lowercase without accents, one output code unit per input code unit. */
export function foldForMatching(text: string): string {
  let folded = '';
  for (const character of text) {
    const plain = character
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    folded += plain.length === character.length ? plain : character;
  }
  return folded;
}

/** The extractor class, built once the library it extends is loaded. */
function defineLexiconExtractor() {
  return class LexiconExtractor extends learnerLibraries().nlpjsNer.ExtractorEnum {
    constructor(
      container: Container,
      private readonly maxWords: number,
    ) {
      super(container);
    }

    override normalize(text: string): string {
      return foldForMatching(text);
    }

    override getBestExact(text: string, words: WordPosition[] | undefined, rule: EnumRule): NerEdge[] {
      const folded = this.normalize(text);
      const positions = words ?? this.getWordPositions(folded);
      const edges: NerEdge[] = [];
      for (let first = 0; first < positions.length; first += 1) {
        const start = positions[first]!.start;
        const stop = Math.min(positions.length, first + this.maxWords);
        for (let last = first; last < stop; last += 1) {
          const end = positions[last]!.end;
          const key = folded.substring(start, end + 1);
          for (const option of rule.dict?.[key] ?? []) {
            edges.push({
              accuracy: 1,
              start,
              end,
              len: end - start + 1,
              levenshtein: 0,
              entity: rule.name,
              type: rule.type,
              option: option.option,
              sourceText: rule.inverseDict?.[key] ?? key,
              utteranceText: text.substring(start, end + 1),
            });
          }
        }
      }
      return edges;
    }
  };
}

let LexiconExtractor: ReturnType<typeof defineLexiconExtractor> | null = null;

function newLexiconExtractor(container: Container, maxWords: number) {
  LexiconExtractor ??= defineLexiconExtractor();
  return new LexiconExtractor(container, maxWords);
}

export interface LexiconItem {
  /** The entry as annotated. */
  text: string;
  label: string;
}

export interface FoundSpan {
  /** UTF-16 offsets into the text, `end` exclusive (Label Studio's convention). */
  start: number;
  end: number;
  label: string;
  /** The folded entry that matched. */
  key: string;
}

export interface SpanMatcher {
  find(text: string): Promise<FoundSpan[]>;
}

let wordCounter: ReturnType<typeof newLexiconExtractor> | null = null;

/** How many words the matcher sees in a text (runs longer than the longest entry are never tried). */
export function countWords(text: string): number {
  // Word segmentation keeps no state: one extractor serves every call.
  wordCounter ??= newLexiconExtractor(new (learnerLibraries().nlpjsCore.Container)(), 1);
  return wordCounter.getWordPositions(foldForMatching(text)).length;
}

export function createSpanMatcher(items: readonly LexiconItem[]): SpanMatcher {
  const { nlpjsCore, nlpjsNer } = learnerLibraries();
  const container = new nlpjsCore.Container();
  const maxWords = items.reduce((most, item) => Math.max(most, countWords(item.text)), 1);
  container.use(newLexiconExtractor(container, maxWords));
  // Threshold 1: exact dictionary matches only (below 1 the extractor searches fuzzily, and slowly).
  const ner = new nlpjsNer.Ner({ container, threshold: 1 });
  for (const item of items) ner.addRuleOptionTexts('*', item.label, foldForMatching(item.text), [item.text]);
  return {
    async find(text) {
      if (items.length === 0) return [];
      const { entities } = await ner.process({ locale: 'en', text });
      return entities.map((edge) => ({
        start: edge.start,
        end: edge.end + 1,
        label: edge.entity,
        key: edge.option,
      }));
    },
  };
}
