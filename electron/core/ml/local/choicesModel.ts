import type { NaiveBayesTextClassifier } from 'wink-naive-bayes-text-classifier';
import { learnerLibraries, loadLearnerLibraries } from './learnerLibraries.js';
import type { TimeSlicer } from './timeSlicer.js';
import { MIN_EXAMPLES, type Trained } from './trained.js';

/*
 * Text classification for a Choices control, with wink's naive Bayes classifier. One choice: one
 * classifier over the choices. Several choices (`choice="multiple"`): one yes/no classifier per
 * choice, each deciding on its own. wink's log2 odds of the best label against the others turn
 * into a probability, which is the score.
 */

export interface ChoicesExample {
  task: number;
  tokens: string[];
  /** Never empty: tasks whose annotation chose nothing for the control teach it nothing. */
  choices: string[];
}

/** A Choices control's learned state, as stored (JSON). */
export interface StoredChoicesModel {
  kind: 'classification';
  multiple: boolean;
  /** Each choice's share of the training examples: the answer for a text without a known word. */
  prior: Record<string, number>;
  /** One choice: one classifier under ''. Several: a yes/no classifier per choice. wink's export. */
  classifiers: Record<string, unknown>;
  /** Several choices: those every example had, always chosen. */
  always: string[];
}

export interface ChoicesAnswer {
  choices: string[];
  score: number;
}

// A binarized model (a word counts once per text) with half smoothing suits short texts best.
const CLASSIFIER_CONFIG = { considerOnlyPresence: true, smoothingFactor: 0.5 };
const YES = 'yes';
const NO = 'no';

async function learnClassifier(
  samples: readonly { tokens: string[]; label: string }[],
  slicer: TimeSlicer,
): Promise<NaiveBayesTextClassifier> {
  const { naiveBayes } = await loadLearnerLibraries();
  const classifier = naiveBayes();
  classifier.defineConfig(CLASSIFIER_CONFIG);
  for (const sample of samples) {
    classifier.learn(sample.tokens, sample.label);
    await slicer.pause();
  }
  return classifier;
}

function priorOf(examples: readonly ChoicesExample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const example of examples) for (const choice of example.choices) counts[choice] = (counts[choice] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).map(([choice, count]) => [choice, count / examples.length]));
}

/** wink refuses to consolidate a vocabulary under 10 words; say so in the user's terms. */
function consolidated(classifier: NaiveBayesTextClassifier): string | null {
  try {
    classifier.consolidate();
    return null;
  } catch {
    return `the annotated texts have too few distinct words (${classifier.stats().vocabulary}); it needs at least 10`;
  }
}

export async function trainChoices(
  examples: readonly ChoicesExample[],
  multiple: boolean,
  slicer: TimeSlicer,
): Promise<Trained<StoredChoicesModel>> {
  if (examples.length < MIN_EXAMPLES) {
    return { ok: false, problem: `it needs at least ${MIN_EXAMPLES} annotated tasks, it has ${examples.length}` };
  }
  const prior = priorOf(examples);
  const choices = Object.keys(prior);
  const model: StoredChoicesModel = { kind: 'classification', multiple, prior, classifiers: {}, always: [] };
  if (!multiple) {
    if (choices.length < 2) {
      return { ok: false, problem: `every annotated task has the same choice (${choices[0]}); it needs two or more` };
    }
    const samples = examples.map((example) => ({ tokens: example.tokens, label: example.choices[0]! }));
    const classifier = await learnClassifier(samples, slicer);
    const problem = consolidated(classifier);
    if (problem) return { ok: false, problem };
    model.classifiers[''] = JSON.parse(classifier.exportJSON()) as unknown;
    return { ok: true, model };
  }
  for (const choice of choices) {
    if (prior[choice] === 1) {
      model.always.push(choice);
      continue;
    }
    const samples = examples.map((example) => ({
      tokens: example.tokens,
      label: example.choices.includes(choice) ? YES : NO,
    }));
    const classifier = await learnClassifier(samples, slicer);
    const problem = consolidated(classifier);
    if (problem) return { ok: false, problem };
    model.classifiers[choice] = JSON.parse(classifier.exportJSON()) as unknown;
  }
  if (Object.keys(model.classifiers).length === 0) {
    return { ok: false, problem: 'every annotated task has the same choices; it needs tasks that differ' };
  }
  return { ok: true, model };
}

function restore(exported: unknown): NaiveBayesTextClassifier {
  const classifier = learnerLibraries().naiveBayes();
  classifier.importJSON(JSON.stringify(exported));
  classifier.consolidate();
  return classifier;
}

/** 2^odds / (1 + 2^odds): wink's log2 odds of a label against the rest, as a probability. */
function probability(log2Odds: number): number {
  return 1 / (1 + 2 ** -log2Odds);
}

export type ChoicesPredictor = (tokens: readonly string[], allowed: ReadonlySet<string> | null) => ChoicesAnswer | null;

/** A predictor over a stored model; `allowed` keeps answers inside the config's current choices. */
export function loadChoicesPredictor(model: StoredChoicesModel): ChoicesPredictor {
  const classifiers = Object.entries(model.classifiers).map(
    ([choice, exported]) => [choice, restore(exported)] as const,
  );
  const isAllowed = (choice: string, allowed: ReadonlySet<string> | null) => allowed === null || allowed.has(choice);
  const byPrior = Object.entries(model.prior).sort((a, b) => b[1] - a[1]);

  if (!model.multiple) {
    const classifier = classifiers[0]![1];
    return (tokens, allowed) => {
      const odds = classifier.computeOdds(tokens);
      // No word of the text was seen in training: the most common choice, as sure as it is common.
      if (odds[0]![0] === 'unknown') {
        const [choice, share] = byPrior.find(([label]) => isAllowed(label, allowed)) ?? [];
        return choice === undefined ? null : { choices: [choice], score: share! };
      }
      const best = odds.find(([label]) => isAllowed(label, allowed));
      return best ? { choices: [best[0]], score: probability(best[1]) } : null;
    };
  }
  return (tokens, allowed) => {
    const chosen = model.always.filter((choice) => isAllowed(choice, allowed));
    let score = 1;
    let best: [string, number] | null = null;
    for (const [choice, classifier] of classifiers) {
      if (!isAllowed(choice, allowed)) continue;
      const odds = classifier.computeOdds(tokens);
      const yes = odds.find(([label]) => label === YES);
      const chance = yes ? probability(yes[1]) : (model.prior[choice] ?? 0);
      if (chance > 0.5) chosen.push(choice);
      score *= Math.max(chance, 1 - chance);
      if (!best || chance > best[1]) best = [choice, chance];
    }
    // Every annotation chose something: when no choice is likely enough, the likeliest one.
    if (chosen.length === 0 && best) return { choices: [best[0]], score: score * (best[1] / (1 - best[1])) };
    return chosen.length > 0 ? { choices: chosen, score } : null;
  };
}
