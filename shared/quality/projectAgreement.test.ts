import { describe, expect, it } from 'vitest';
import { annotationAgreement } from './annotationAgreement.js';
import { controlRatings } from './controlRatings.js';
import {
  annotatorMatrix,
  groundTruthAccuracy,
  projectAgreement,
  taskAgreement,
  type TaskRecord,
} from './projectAgreement.js';
import type { ResultItem } from './resultItem.js';

function choice(value: string, fromName = 'sentiment'): ResultItem {
  return { from_name: fromName, to_name: 'text', type: 'choices', value: { choices: [value] } };
}

describe('annotationAgreement', () => {
  it('averages the controls either annotation used; a control only one used counts 0', () => {
    // sentiment agrees (1), quality and the brush only on the first (0), note only on the second
    // (0): 1/4. The video rectangle is not scored; the relation has no control and is skipped.
    const first: ResultItem[] = [
      choice('pos'),
      { from_name: 'quality', to_name: 'text', type: 'rating', value: { rating: 4 } },
      {
        from_name: 'mask',
        to_name: 'image',
        type: 'brushlabels',
        value: { format: 'rle', rle: [], brushlabels: ['x'] },
      },
      { from_name: 'track', to_name: 'video', type: 'videorectangle', value: { sequence: [] } },
    ];
    const second: ResultItem[] = [
      choice('pos'),
      { from_name: 'note', to_name: 'text', type: 'textarea', value: { text: ['fine'] } },
      { type: 'relation' },
    ];
    const agreement = annotationAgreement(first, second);
    expect(agreement.score).toBeCloseTo(1 / 4, 12);
    expect(agreement.controls.map((control) => [control.fromName, control.score])).toEqual([
      ['sentiment', 1],
      ['quality', 0],
      ['mask', 0],
      ['note', 0],
    ]);
    expect(agreement.unscored).toEqual(['track']);
    expect(annotationAgreement([], []).score).toBeNull();
    // Malformed stored results are skipped (no type, no control) or read as empty answers (no
    // value), never thrown on: two empty choices agree.
    const empty = { ...choice('pos'), value: undefined };
    const malformed = [{ from_name: 'sentiment' }, { id: 'x', type: 'choices' }, empty] as unknown as ResultItem[];
    expect(annotationAgreement(malformed, [empty]).score).toBe(1);
  });

  it('compares per-region answers region by region', () => {
    // Both drew region r1 (same box: 1) and described it "abc" / "abd" (1 - 1/3).
    const region = {
      id: 'r1',
      from_name: 'box',
      to_name: 'image',
      type: 'rectanglelabels',
      value: { x: 1, y: 1, width: 5, height: 5, rectanglelabels: ['car'] },
    };
    const text = (words: string): ResultItem => ({
      id: 'r1',
      from_name: 'caption',
      to_name: 'image',
      type: 'textarea',
      value: { text: [words] },
    });
    const agreement = annotationAgreement([region, text('abc')], [region, text('abd')]);
    expect(agreement.controls.find((control) => control.fromName === 'caption')!.score).toBeCloseTo(2 / 3, 12);
    expect(agreement.score).toBeCloseTo((1 + 2 / 3) / 2, 12);
    // The box control reports its matching: one pair, IoU 1.
    expect(agreement.controls.find((control) => control.fromName === 'box')!.regions).toEqual({
      score: 1,
      matched: 1,
      firstCount: 1,
      secondCount: 1,
      meanMatchedScore: 1,
    });
  });
});

describe('a Labels control kept apart from its image tool', () => {
  it('compares the geometry its results carry', () => {
    // Rectangle "rect" and Labels "label" store two results per region; the labels one carries
    // the box too. Boxes 0..10 and 5..15 (of 10 x 10) overlap 5 x 10 = 50 of 150: IoU 1/3.
    const region = (x: number): ResultItem[] => [
      {
        id: 'r',
        from_name: 'rect',
        to_name: 'image',
        type: 'rectangle',
        value: { x, y: 0, width: 10, height: 10, rotation: 0 },
      },
      {
        id: 'r',
        from_name: 'label',
        to_name: 'image',
        type: 'labels',
        value: { x, y: 0, width: 10, height: 10, rotation: 0, labels: ['car'] },
      },
    ];
    const point = (x: number): ResultItem => ({
      from_name: 'spot',
      to_name: 'image',
      type: 'labels',
      value: { x, y: 5, width: 0.5, labels: ['eye'] },
    });
    const same = annotationAgreement([...region(0), point(5)], [...region(0), point(6)]);
    expect(same.controls.map((control) => [control.fromName, control.kind, control.score])).toEqual([
      ['rect', 'shapes', 1],
      ['label', 'shapes', 1],
      ['spot', 'keypoints', 1],
    ]);
    const shifted = annotationAgreement(region(0), region(5), { iouThreshold: 0.3 });
    expect(shifted.controls.map((control) => control.regions!.meanMatchedScore)).toEqual([1 / 3, 1 / 3]);
  });
});

// Three annotators; on task 1 annotator 1's answer is the ground truth.
const tasks: TaskRecord[] = [
  {
    id: 1,
    annotations: [
      { completed_by: 1, result: [choice('pos')], ground_truth: true },
      { completed_by: 2, result: [choice('pos')] },
      { completed_by: 3, result: [choice('neg')] },
    ],
  },
  {
    id: 2,
    annotations: [
      { completed_by: 1, result: [choice('neg')] },
      { completed_by: 2, result: [choice('neg')] },
      { completed_by: 3, result: [choice('pos')], was_cancelled: true },
    ],
  },
  { id: 3, annotations: [{ completed_by: 1, result: [choice('pos')] }] },
  // One annotator twice: no pair between people.
  {
    id: 4,
    annotations: [
      { completed_by: 2, result: [choice('pos')] },
      { completed_by: 2, result: [choice('neg')] },
    ],
  },
];

describe('aggregates', () => {
  it('scores a task as the mean over its pairs of annotators', () => {
    // Pairs (1,2) = 1, (1,3) = 0, (2,3) = 0. The cancelled annotation of task 2 is left out.
    expect(taskAgreement(tasks[0]!)).toEqual({ score: 1 / 3, pairs: 3 });
    expect(taskAgreement(tasks[1]!)).toEqual({ score: 1, pairs: 1 });
    expect(taskAgreement(tasks[2]!)).toEqual({ score: null, pairs: 0 });
    expect(taskAgreement(tasks[3]!)).toEqual({ score: null, pairs: 0 });
  });

  it('scores the project as the mean of the tasks that have a score', () => {
    // (1/3 + 1) / 2
    const project = projectAgreement(tasks);
    expect(project.score).toBeCloseTo(2 / 3, 12);
    expect([...project.tasks.keys()]).toEqual([1, 2]);
  });

  it('builds the annotator x annotator matrix over the tasks both annotated', () => {
    // 1 and 2 agree on tasks 1 and 2; 3 disagrees with both on task 1 only.
    expect(annotatorMatrix(tasks)).toEqual({
      annotators: [1, 2, 3],
      scores: [
        [1, 1, 0],
        [1, 1, 0],
        [0, 0, 1],
      ],
      tasks: [
        [0, 2, 1],
        [2, 0, 1],
        [1, 1, 0],
      ],
    });
  });

  it('scores each annotator against the ground truth', () => {
    expect(groundTruthAccuracy(tasks)).toEqual([
      { annotator: 2, score: 1, annotations: 1 },
      { annotator: 3, score: 0, annotations: 1 },
    ]);
  });

  it("lays out one control's answers as a rating matrix for the statistics", () => {
    // Task 4's later annotation by annotator 2 wins; annotator 3's cancelled one is missing.
    expect(controlRatings(tasks, 'sentiment')).toEqual({
      taskIds: [1, 2, 3, 4],
      annotators: [1, 2, 3],
      matrix: [
        ['pos', 'pos', 'neg'],
        ['neg', 'neg', null],
        ['pos', null, null],
        [null, 'neg', null],
      ],
    });
  });
});
