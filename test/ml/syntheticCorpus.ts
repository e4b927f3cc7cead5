/*
 * Seeded synthetic corpora for the built-in model's tests and bench, the same texts on every run.
 * - Reviews (positive / negative / neutral): sentiment words are many and each is rare, negation
 *   flips them ("was not friendly"), some reviews add a clause against their own label, neutral
 *   ones share the nouns, and 4% of labels are wrong, as real annotations are.
 * - Mentions: sentences naming people, organisations and places from closed lists, many with
 *   accents (one decomposed: "e" + U+0301), a dotted capital I, Hangul (which Unicode
 *   decomposition lengthens), CJK, and emoji (astral, so UTF-16 offsets differ from code points)
 *   before them; spans in UTF-16 offsets with `end` exclusive, as Label Studio's editor writes them.
 */

/** mulberry32: a small, well-mixed seeded generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function pickerOf(random: () => number) {
  return <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
}

// prettier-ignore
const POSITIVE = ['great', 'excellent', 'wonderful', 'friendly', 'fast', 'delicious', 'reliable', 'comfortable',
  'helpful', 'lovely', 'fantastic', 'perfect'];
// prettier-ignore
const NEGATIVE = ['terrible', 'awful', 'slow', 'rude', 'broken', 'cold', 'dirty', 'noisy', 'useless',
  'disappointing', 'horrible', 'late'];
// prettier-ignore
const SUBJECTS = ['the pizza', 'the service', 'our room', 'the battery', 'the delivery', 'the screen', 'the staff',
  'the coffee', 'the app', 'the checkout', 'the hotel', 'the driver', 'the manual', 'the update', 'the seats',
  'the menu', 'the shipping', 'the support team', 'the camera', 'the keyboard'];
// prettier-ignore
const NEUTRAL = ['arrived on Tuesday', 'comes in a cardboard box', 'was ordered last week',
  'is available in three colours', 'was delivered to the office', 'has a two year warranty', 'is made in Portugal',
  'was picked up at noon', 'uses a USB-C cable', 'is listed on page four', 'was checked by my brother',
  'weighs about a kilo', 'was bought for the trip', 'ships from the warehouse', 'was the second one we tried'];
const INTENSIFIERS = ['really ', 'very ', 'quite ', 'so ', 'pretty ', '', '', ''];

export type Sentiment = 'positive' | 'negative' | 'neutral';
export const SENTIMENTS: readonly Sentiment[] = ['positive', 'negative', 'neutral'];

export interface Review {
  text: string;
  /** What the review says. */
  truth: Sentiment;
  /** What an annotator labeled it (the truth, but for 4% of mistakes). */
  annotated: Sentiment;
}

export function generateReviews(count: number, seed = 13): Review[] {
  const random = seededRandom(seed);
  const pick = pickerOf(random);
  const opinion = (good: boolean) => {
    const subject = pick(SUBJECTS);
    // A quarter of opinions say it through a negation of the opposite word.
    if (random() < 0.25) return `${subject} was not ${pick(good ? NEGATIVE : POSITIVE)}`;
    return `${subject} was ${pick(INTENSIFIERS)}${pick(good ? POSITIVE : NEGATIVE)}`;
  };
  const reviews: Review[] = [];
  for (let index = 0; index < count; index += 1) {
    const truth = SENTIMENTS[Math.floor(random() * 3)]!;
    const clauses: string[] = [];
    if (truth === 'neutral') {
      clauses.push(`${pick(SUBJECTS)} ${pick(NEUTRAL)}`, `${pick(SUBJECTS)} ${pick(NEUTRAL)}`);
      if (random() < 0.5) clauses.push(`${pick(SUBJECTS)} ${pick(NEUTRAL)}`);
    } else {
      const good = truth === 'positive';
      clauses.push(opinion(good), opinion(good));
      if (random() < 0.4) clauses.push(opinion(good));
      if (random() < 0.5) clauses.push(`${pick(SUBJECTS)} ${pick(NEUTRAL)}`);
      if (random() < 0.15) clauses.push(`although ${opinion(!good)}`);
    }
    const sentence = clauses.join(random() < 0.5 ? ', and ' : '. ');
    const text = `${sentence[0]!.toUpperCase()}${sentence.slice(1)}${random() < 0.2 ? '!' : '.'}`;
    const mistaken = random() < 0.04;
    const annotated = mistaken ? SENTIMENTS[(SENTIMENTS.indexOf(truth) + 1) % 3]! : truth;
    reviews.push({ text, truth, annotated });
  }
  return reviews;
}

// prettier-ignore
const PEOPLE = ['Zoë Šimková', 'José Álvarez', 'Anna Schmidt', 'Łukasz Nowak', 'Mei Chen', 'İlkay Gündoğan',
  'Nguyễn Văn An', 'Søren Kierkegaard', 'Ólafur Arnalds', '山田 太郎', '김민준', 'Rene\u0301e Dubois'];
// prettier-ignore
const ORGANISATIONS = ['ACME Corp', 'Müller GmbH', 'Société Générale', 'Universidad de Córdoba', 'Tōkyō Electric',
  'Nordic Rail'];
const PLACES = ['München', 'Kraków', 'São Paulo', 'Reykjavík', '東京', 'Zürich', 'Île-de-France', 'Ålesund', '서울'];
const OPENERS = ['', '', '🎉 ', '👍🏽 ', '📍 '];

export interface GoldSpan {
  start: number;
  end: number;
  label: 'PER' | 'ORG' | 'LOC';
}

export interface Mention {
  text: string;
  spans: GoldSpan[];
}

export function generateMentions(count: number, seed = 7): Mention[] {
  const random = seededRandom(seed);
  const pick = pickerOf(random);
  const templates: [string, ...GoldSpan['label'][]][] = [
    ['{} met {} at {} in {}.', 'PER', 'PER', 'ORG', 'LOC'],
    ['{} joined {} last year.', 'PER', 'ORG'],
    ['The office of {} in {} opened on Monday.', 'ORG', 'LOC'],
    ['Yesterday {} flew from {} to {}!', 'PER', 'LOC', 'LOC'],
    ['Nothing much happened today, said the weather report.'],
    ['{} thanked the team.', 'PER'],
  ];
  const lists = { PER: PEOPLE, ORG: ORGANISATIONS, LOC: PLACES };
  const mentions: Mention[] = [];
  for (let index = 0; index < count; index += 1) {
    const [template, ...labels] = pick(templates);
    const parts = template.split('{}');
    let text = pick(OPENERS) + parts[0]!;
    const spans: GoldSpan[] = [];
    labels.forEach((label, position) => {
      const name = pick(lists[label]);
      spans.push({ start: text.length, end: text.length + name.length, label });
      text += name + parts[position + 1]!;
    });
    mentions.push({ text, spans });
  }
  return mentions;
}

// prettier-ignore
const TOPIC_WORDS: Record<string, readonly string[]> = {
  food: ['pizza', 'pasta', 'soup', 'salad', 'dessert'],
  price: ['cheap', 'expensive', 'bill', 'price', 'cost'],
  staff: ['waiter', 'chef', 'host', 'server', 'manager'],
};
const FILLER = [
  'we',
  'went',
  'on',
  'friday',
  'with',
  'friends',
  'family',
  'it',
  'rained',
  'honestly',
  'again',
  'visit',
];
export const TOPICS = Object.keys(TOPIC_WORDS);

export interface TopicText {
  text: string;
  /** Sorted, never empty. */
  topics: string[];
}

/** Short notes each touching one or more of three topics (each with probability 0.4), with filler words. */
export function generateTopicTexts(count: number, seed = 5): TopicText[] {
  const random = seededRandom(seed);
  const pick = pickerOf(random);
  return Array.from({ length: count }, () => {
    let topics = TOPICS.filter(() => random() < 0.4);
    if (topics.length === 0) topics = [pick(TOPICS)];
    const parts = topics.map((topic) => `the ${pick(TOPIC_WORDS[topic]!)} was ${pick(['good', 'bad', 'fine', 'odd'])}`);
    for (let index = 0; index < 3; index += 1) parts.splice(Math.floor(random() * parts.length), 0, pick(FILLER));
    return { text: parts.join(' '), topics: [...topics].sort() };
  });
}
