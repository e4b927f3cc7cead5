import type { WinkMethods } from 'wink-nlp';

/*
 * Words as the classifier sees them, from wink-nlp's English model: word-like tokens (words,
 * emoji, emoticons, hashtags) stemmed, stop words left out, and a word in the scope of a negation
 * marked as such, so "not good" and "good" are different evidence ("not" itself is a stop word).
 */

export type TextFeatures = (text: string) => string[];

const KEPT_TYPES = new Set(['word', 'emoji', 'emoticon', 'hashtag']);

/*
 * The language model takes a few hundred milliseconds to load and is read-only afterwards, so the
 * process loads it once, on first use (not at startup: most projects never train a model).
 */
let loading: Promise<TextFeatures> | null = null;

function featuresFrom(nlp: WinkMethods): TextFeatures {
  const its = nlp.its;
  return (text) => {
    const tokens = nlp.readDoc(text).tokens();
    const types = tokens.out(its.type) as string[];
    // wink-nlp's own declaration of `its.stem` does not fit its `out()` (it runs fine).
    const stems = tokens.out(its.stem as unknown as typeof its.normal) as string[];
    const negated = tokens.out(its.negationFlag) as unknown as boolean[];
    const stopWords = tokens.out(its.stopWordFlag) as unknown as boolean[];
    const features: string[] = [];
    for (let index = 0; index < types.length; index += 1) {
      if (!KEPT_TYPES.has(types[index]!) || stopWords[index]) continue;
      features.push(negated[index] ? `not_${stems[index]}` : stems[index]!);
    }
    return features;
  };
}

export function loadTextFeatures(): Promise<TextFeatures> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([
      import('wink-nlp'),
      import('wink-eng-lite-web-model'),
    ]);
    return featuresFrom(winkNLP(model, ['sbd', 'negation']));
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
