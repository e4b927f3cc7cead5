import { controlOptionsFromConfig, type ResultItem } from '../../../../shared/quality';
import type { ColumnInfo } from './AnnotationHeader';
import { compareRows, type ControlRow } from './compareModel';
import { authorOf } from './compareText';
import type { OverlayLayer } from './ImageOverlay';
import { pairAgreement } from './pairAgreement';
import { regionDrawing } from './regionDrawing';
import { configLayout, type TaskObject } from './taskObjects';
import type { CompareData } from './useCompareTask';

/*
 * Everything the compare page shows, worked out from one load: a column per annotation (skips are
 * left out, as every agreement figure leaves them out), the rows per control, the task's objects
 * and, per image, each annotation's regions on it.
 */

export interface CompareView {
  columns: ColumnInfo[];
  rows: ControlRow[];
  objects: TaskObject[];
  /** Per image object name: each column's regions on it. */
  layers: Map<string, OverlayLayer[]>;
  skipped: number;
}

const resultsOf = (result: unknown): ResultItem[] =>
  Array.isArray(result) ? result.filter((item): item is ResultItem => typeof item === 'object' && item !== null) : [];

export function buildCompareView({ task, project, users }: CompareData): CompareView {
  const kept = task.annotations.filter((annotation) => !annotation.was_cancelled);
  const results = kept.map((annotation) => resultsOf(annotation.result));
  const options = { controls: controlOptionsFromConfig(project.label_config) };
  const { objects, controls } = configLayout(project.label_config, task.data);
  const authors = kept.map((annotation) => authorOf(annotation, users));
  const agreement = pairAgreement(
    kept.map((annotation, index) => ({ author: authors[index]!.id ?? 0, results: results[index]! })),
    options,
  );
  const columns = kept.map((annotation, index): ColumnInfo => ({
    annotationId: annotation.id,
    author: authors[index]!,
    createdAt: annotation.created_at,
    isGroundTruth: annotation.ground_truth,
    withOthers: agreement.withOthers[index]!,
    pairs: kept.flatMap((_, other) =>
      other === index ? [] : [{ name: authors[other]!.name, score: agreement.scores[index]![other]! }],
    ),
  }));
  const layers = new Map<string, OverlayLayer[]>();
  for (const object of objects.filter((candidate) => candidate.tag === 'Image')) {
    layers.set(
      object.name,
      kept.map((annotation, column) => ({
        annotationId: annotation.id,
        column,
        name: authors[column]!.name,
        regions: results[column]!.filter(
          (result) => result.to_name === object.name && regionDrawing(result) !== undefined,
        ),
      })),
    );
  }
  return {
    columns,
    rows: compareRows(results, controls, options),
    objects,
    layers,
    skipped: task.annotations.length - kept.length,
  };
}
