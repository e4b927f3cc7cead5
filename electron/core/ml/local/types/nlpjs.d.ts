/*
 * The part of @nlpjs/core and @nlpjs/ner 4.x the built-in model uses (the packages ship no
 * types). Offsets in NER edges are UTF-16 indexes, `end` inclusive.
 */
declare module '@nlpjs/core' {
  export class Container {
    constructor(hasPreffix?: boolean);
    /** Registers an instance (or a class, instantiated with `{container}`) under its `name`. */
    use(item: object, name?: string, isSingleton?: boolean, onlyIfNotExists?: boolean): string;
    get(name: string, settings?: Record<string, unknown>): unknown;
  }

  const core: { Container: typeof Container };
  export default core;
}

declare module '@nlpjs/ner' {
  import type { Container } from '@nlpjs/core';

  export interface WordPosition {
    start: number;
    /** Inclusive. */
    end: number;
    len: number;
  }

  export interface EnumRuleOption {
    option: string;
    texts: string[];
  }

  /** One entity's dictionary; `dict` and `inverseDict` are built from `rules` on first use. */
  export interface EnumRule {
    name: string;
    type: string;
    rules: EnumRuleOption[];
    dict?: Record<string, EnumRuleOption[]>;
    inverseDict?: Record<string, string>;
  }

  export interface NerEdge {
    start: number;
    /** Inclusive. */
    end: number;
    len: number;
    accuracy: number;
    levenshtein: number;
    entity: string;
    type: string;
    option: string;
    sourceText: string;
    utteranceText: string;
  }

  export class ExtractorEnum {
    constructor(container?: Container);
    name: string;
    container: Container;
    normalize(text: string): string;
    getWordPositions(text: string): WordPosition[];
    getBestExact(text: string, words: WordPosition[] | undefined, rule: EnumRule): NerEdge[];
  }

  export interface NerSettings {
    container?: Container;
    /** 1 asks for exact dictionary matches only (below 1 the enum extractor searches fuzzily). */
    threshold?: number;
  }

  export class Ner {
    constructor(settings?: NerSettings, container?: Container);
    addRuleOptionTexts(locale: string | string[], name: string, option: string, texts?: string | string[]): void;
    process(input: { locale?: string; text: string }): Promise<{ entities: NerEdge[] }>;
  }

  const ner: { Ner: typeof Ner; ExtractorEnum: typeof ExtractorEnum };
  export default ner;
}
