import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cohenKappa, type KappaWeights } from '../../../shared/quality/cohenKappa.js';
import { fleissKappaOfRatings } from '../../../shared/quality/fleissKappa.js';
import { krippendorffAlpha, type MeasurementLevel } from '../../../shared/quality/krippendorffAlpha.js';
import type { Rating } from '../../../shared/quality/ratingMatrix.js';
import { INTEROP_DIR } from '../labelStudio.js';

/*
 * Outpost's chance-corrected agreement statistics against the reference implementations:
 * scikit-learn's cohen_kappa_score, statsmodels' fleiss_kappa and the krippendorff package's alpha,
 * run by test/interop/python/agreement_reference.py in the venv test/interop/install.sh builds from
 * test/interop/stats-requirements.txt. Seeded random matrices of several sizes, category counts and
 * missing rates, plus the edge cases, must give the same figure to 1e-9 (NaN where the reference
 * says NaN or refuses to compute).
 */

const STATS_PYTHON = join(INTEROP_DIR, 'stats-venv', 'bin', 'python');
const SCRIPT = fileURLToPath(new URL('../python/agreement_reference.py', import.meta.url));
const TOLERANCE = 1e-9;

type Matrix = Rating[][];
type ReferenceFigure = number | 'NaN' | { refused: string };

/** A small seeded generator (mulberry32), so a failing matrix can be made again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/*
 * Raters agree with a hidden true category with probability `agreement`, else pick at random, so
 * the figures range from chance to near-perfect rather than sitting around 0.
 */
function randomMatrix(seed: number, items: number, raters: number, categories: number, missing: number): Matrix {
  const random = seededRandom(seed);
  const agreement = random();
  return Array.from({ length: items }, () => {
    const truth = Math.floor(random() * categories);
    return Array.from({ length: raters }, () => {
      if (random() < missing) return null;
      return random() < agreement ? truth : Math.floor(random() * categories);
    });
  });
}

const EDGE_CASES: Record<string, Matrix> = {
  'one rater': [[1], [2], [1], [3]],
  'all agree, one category': [
    [2, 2, 2],
    [2, 2, 2],
    [2, 2, 2],
  ],
  'all agree, several categories': [
    [0, 0],
    [1, 1],
    [2, 2],
    [1, 1],
  ],
  'all missing but one': [
    [null, null, null],
    [null, 3, null],
    [null, null, null],
  ],
  'single-rated items only': [
    [1, null],
    [null, 2],
    [0, null],
  ],
  'one shared item, two categories elsewhere': [
    [1, 1],
    [0, null],
    [null, 2],
  ],
  'total disagreement': [
    [0, 1],
    [1, 0],
    [0, 1],
    [1, 0],
  ],
  'zero with ratio distances': [
    [0, 0, 1],
    [0, 2, 2],
    [3, 0, 3],
  ],
};

function randomCases(): Array<[string, Matrix]> {
  const cases: Array<[string, Matrix]> = [];
  let seed = 1;
  for (const items of [2, 5, 20, 120]) {
    for (const raters of [2, 3, 6]) {
      for (const categories of [2, 3, 7]) {
        for (const missing of [0, 0.15, 0.5]) {
          seed += 1;
          const name = `seed ${seed}: ${items} items, ${raters} raters, ${categories} categories, ${missing} missing`;
          cases.push([name, randomMatrix(seed, items, raters, categories, missing)]);
        }
      }
    }
  }
  return cases;
}

function ours(matrix: Matrix): Record<string, number> {
  const figures: Record<string, number> = { fleiss: fleissKappaOfRatings(matrix) };
  for (const level of ['nominal', 'ordinal', 'interval', 'ratio'] as MeasurementLevel[]) {
    figures[`alpha_${level}`] = krippendorffAlpha(matrix, level);
  }
  if ((matrix[0]?.length ?? 0) >= 2) {
    for (const weights of ['none', 'linear', 'quadratic'] as KappaWeights[]) {
      figures[`cohen_${weights}`] = cohenKappa(
        matrix.map((row) => row[0]),
        matrix.map((row) => row[1]),
        { weights },
      );
    }
  }
  return figures;
}

function expectSameFigure(actual: number, reference: ReferenceFigure, what: string): void {
  if (typeof reference === 'number') {
    expect(Math.abs(actual - reference), `${what}: ours ${actual}, reference ${reference}`).toBeLessThanOrEqual(
      TOLERANCE,
    );
  } else {
    const said = reference === 'NaN' ? 'NaN' : `refused (${reference.refused})`;
    expect(Number.isNaN(actual), `${what}: ours ${actual}, reference ${said}`).toBe(true);
  }
}

describe('agreement statistics against scikit-learn, statsmodels and krippendorff', () => {
  const cases: Array<[string, Matrix]> = [...Object.entries(EDGE_CASES), ...randomCases()];
  const references = JSON.parse(
    execFileSync(STATS_PYTHON, [SCRIPT], { input: JSON.stringify(cases.map(([, matrix]) => matrix)) }).toString(),
  ) as Array<Record<string, ReferenceFigure>>;

  it('answers every case, every statistic', () => {
    expect(references).toHaveLength(cases.length);
    const numeric = references.flatMap((figures) => Object.values(figures)).filter((f) => typeof f === 'number');
    // The random cases must mostly be real numbers, not a suite of NaN that proves nothing.
    expect(numeric.length).toBeGreaterThan(cases.length * 4);
  });

  it.each(cases.map(([name, matrix], index) => ({ name, matrix, index })))('$name', ({ matrix, index }) => {
    const reference = references[index]!;
    const figures = ours(matrix);
    expect(Object.keys(figures).sort()).toEqual(Object.keys(reference).sort());
    for (const [statistic, value] of Object.entries(figures)) {
      expectSameFigure(value, reference[statistic]!, statistic);
    }
  });
});
