import { brushAgreement } from './brushAgreement.js';
import {
  keypointAgreement,
  shapeAgreement,
  spanAgreement,
  type RegionAgreement,
  type RegionOptions,
} from './regionAgreement.js';
import { shapeType } from './regionShapes.js';
import type { ControlOptions, ResultItem } from './resultItem.js';
import {
  choicesAgreement,
  dateTimeAgreement,
  numberAgreement,
  ratingAgreement,
  textAreaAgreement,
  type ChoicesMeasure,
} from './valueAgreement.js';

/*
 * Agreement between two annotations of one task: every control (a result's from_name) that either
 * annotation used is scored in [0, 1], and the annotation's score is the mean over those controls.
 * A control only one annotation used scores 0: leaving out what the other marked is a disagreement.
 * Result types no measure reads (relations, video, paragraphs...) are listed as unscored
 * and left out of the mean. Two annotations that used no scored control give null: there is nothing
 * to agree or disagree on, and aggregates skip them.
 */

export type ControlKind =
  'choices' | 'taxonomy' | 'textarea' | 'rating' | 'number' | 'datetime' | 'spans' | 'shapes' | 'keypoints' | 'brush';

export interface AgreementOptions extends RegionOptions {
  /** Per control name (from_name): what the label config says about it. */
  controls?: Readonly<Record<string, ControlOptions>>;
  /** How Choices and Taxonomy answers compare; default 'jaccard'. */
  choices?: ChoicesMeasure;
}

export interface ControlScore {
  fromName: string;
  kind: ControlKind;
  score: number;
  /** Spans, shapes and keypoints: the matching behind the score (counts, mean IoU of matched pairs). */
  regions?: RegionAgreement;
}

export interface AnnotationAgreement {
  score: number | null;
  controls: ControlScore[];
  /** Controls used whose result type no measure reads. */
  unscored: string[];
}

const KIND_OF_TYPE: Readonly<Record<string, ControlKind>> = {
  choices: 'choices',
  taxonomy: 'taxonomy',
  textarea: 'textarea',
  rating: 'rating',
  number: 'number',
  datetime: 'datetime',
  labels: 'spans',
  hypertextlabels: 'spans',
  rectangle: 'shapes',
  rectanglelabels: 'shapes',
  polygon: 'shapes',
  polygonlabels: 'shapes',
  ellipse: 'shapes',
  ellipselabels: 'shapes',
  keypoint: 'keypoints',
  keypointlabels: 'keypoints',
  brush: 'brush',
  brushlabels: 'brush',
};

const REGION_KINDS: ReadonlySet<ControlKind> = new Set(['spans', 'shapes', 'keypoints', 'brush']);

/*
 * The measure a result needs. A Labels control kept apart from its image tool (a Rectangle and a
 * Labels of their own) stores type 'labels' with the region's geometry: its value tells which.
 */
export function controlKind(result: ResultItem): ControlKind | undefined {
  // Stored JSON is not checked against the type: a result without a type string is not scored.
  if (typeof result.type !== 'string') return undefined;
  const kind = KIND_OF_TYPE[result.type.toLowerCase()];
  if (kind !== 'spans' || result.type.toLowerCase() !== 'labels') return kind;
  if (shapeType(result) !== undefined) return 'shapes';
  const value = result.value ?? {};
  return 'x' in value && 'y' in value ? 'keypoints' : 'spans';
}

function byControl(results: ReadonlyArray<ResultItem>): Map<string, ResultItem[]> {
  const groups = new Map<string, ResultItem[]>();
  for (const result of results) {
    if (typeof result.from_name !== 'string' || typeof result.type !== 'string') continue;
    const group = groups.get(result.from_name) ?? [];
    group.push(result);
    groups.set(result.from_name, group);
  }
  return groups;
}

/** Ids of the regions an annotation drew: a classification result with one of them is per-region. */
function regionIds(results: ReadonlyArray<ResultItem>): Set<string> {
  const ids = new Set<string>();
  for (const result of results) {
    const kind = controlKind(result);
    const isRegion = kind !== undefined && REGION_KINDS.has(kind);
    if (isRegion && typeof result.id === 'string') ids.add(result.id);
  }
  return ids;
}

/** One answer per unit: the whole object (key '') or, for a per-region control, each region id. */
function answersByUnit(results: ReadonlyArray<ResultItem>, regions: ReadonlySet<string>): Map<string, ResultItem> {
  const answers = new Map<string, ResultItem>();
  for (const result of results) {
    const unit = typeof result.id === 'string' && regions.has(result.id) ? result.id : '';
    if (!answers.has(unit)) answers.set(unit, result);
  }
  return answers;
}

function valueScore(
  kind: ControlKind,
  first: ResultItem,
  second: ResultItem,
  fromName: string,
  options: AgreementOptions,
): number {
  const control = options.controls?.[fromName];
  switch (kind) {
    case 'choices':
    case 'taxonomy':
      return choicesAgreement(first, second, options.choices);
    case 'textarea':
      return textAreaAgreement(first, second);
    case 'rating':
      return ratingAgreement(first, second, control) ?? 0;
    case 'number':
      return numberAgreement(first, second, control) ?? 0;
    default:
      return dateTimeAgreement(first, second, control) ?? 0;
  }
}

/*
 * A classification control answered per region is compared region id by region id (a region only
 * one annotation answered scores 0), and the object-level answer as one more unit; the control's
 * score is the mean over the units either annotation answered.
 */
function classificationScore(
  kind: ControlKind,
  fromName: string,
  first: { results: ResultItem[]; regions: Set<string> },
  second: { results: ResultItem[]; regions: Set<string> },
  options: AgreementOptions,
): number {
  const a = answersByUnit(first.results, first.regions);
  const b = answersByUnit(second.results, second.regions);
  const units = new Set([...a.keys(), ...b.keys()]);
  let total = 0;
  for (const unit of units) {
    const [x, y] = [a.get(unit), b.get(unit)];
    if (x && y) total += valueScore(kind, x, y, fromName, options);
  }
  return units.size === 0 ? 1 : total / units.size;
}

/** One control's score; a side without results scores 0 against one with, and two empty sides 1. */
export function controlScore(
  kind: ControlKind,
  fromName: string,
  first: ResultItem[],
  second: ResultItem[],
  options: AgreementOptions = {},
  regions: { first: Set<string>; second: Set<string> } = { first: regionIds(first), second: regionIds(second) },
): ControlScore {
  const matching =
    kind === 'shapes'
      ? shapeAgreement(first, second, options)
      : kind === 'keypoints'
        ? keypointAgreement(first, second, options)
        : kind === 'spans'
          ? spanAgreement(first, second)
          : kind === 'brush'
            ? brushAgreement(first, second, options)
            : undefined;
  if (matching) return { fromName, kind, score: matching.score, regions: matching };
  const score = classificationScore(
    kind,
    fromName,
    { results: first, regions: regions.first },
    { results: second, regions: regions.second },
    options,
  );
  return { fromName, kind, score };
}

export function annotationAgreement(
  first: ReadonlyArray<ResultItem>,
  second: ReadonlyArray<ResultItem>,
  options: AgreementOptions = {},
): AnnotationAgreement {
  const a = byControl(first);
  const b = byControl(second);
  const regions = { first: regionIds(first), second: regionIds(second) };
  const controls: ControlScore[] = [];
  const unscored: string[] = [];
  for (const fromName of new Set([...a.keys(), ...b.keys()])) {
    const results = [a.get(fromName) ?? [], b.get(fromName) ?? []] as const;
    const kind = controlKind((results[0][0] ?? results[1][0])!);
    if (kind === undefined) {
      unscored.push(fromName);
      continue;
    }
    controls.push(controlScore(kind, fromName, results[0], results[1], options, regions));
  }
  const score = controls.length === 0 ? null : controls.reduce((sum, c) => sum + c.score, 0) / controls.length;
  return { score, controls, unscored };
}
