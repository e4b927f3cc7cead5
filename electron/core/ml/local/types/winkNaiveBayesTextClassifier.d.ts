/*
 * The part of wink-naive-bayes-text-classifier 2.x the built-in model uses (the package ships no
 * types). Inputs are token arrays: no preparation tasks are defined, so tokens pass through.
 */
declare module 'wink-naive-bayes-text-classifier' {
  export interface NaiveBayesConfig {
    /** A binarized model: a token counts once per document. */
    considerOnlyPresence?: boolean;
    /** Additive smoothing, 0 to 1. */
    smoothingFactor?: number;
  }

  export interface NaiveBayesTextClassifier {
    defineConfig(config: NaiveBayesConfig): boolean;
    learn(tokens: readonly string[], label: string): boolean;
    /** Throws with fewer than two labels or a vocabulary under 10 tokens. */
    consolidate(): boolean;
    /** `[label, log2 odds]` pairs, best first; `[['unknown', 0]]` when no token was ever seen. */
    computeOdds(tokens: readonly string[]): [string, number][];
    predict(tokens: readonly string[]): string;
    stats(): { labelWiseSamples: Record<string, number>; labelWiseWords: Record<string, number>; vocabulary: number };
    exportJSON(): string;
    importJSON(json: string): boolean;
    reset(): boolean;
  }

  export default function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
}
