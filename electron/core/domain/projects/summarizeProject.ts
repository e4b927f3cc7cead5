import type { Db } from '../../db/open.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import {
  countDataColumns,
  countObjectTasks,
  iterateAnnotationResults,
  iterateDraftResults,
} from '../../db/repos/projectStatsRepo.js';
import { NotFoundError } from '../errors.js';
import { pythonStr } from '../pythonText.js';

/** Label Studio's ProjectSummary, in its field order. */
export interface ProjectSummary {
  project: number;
  created_at: string;
  /** Task count per top-level data key. */
  all_data_columns: Record<string, number>;
  /** Keys every task has, sorted. */
  common_data_columns: string[];
  /** `"<from_name>|<to_name>|<type lowercase>"` -> number of results. */
  created_annotations: Record<string, number>;
  /** from_name -> label -> number of results carrying it (annotations). */
  created_labels: Record<string, Record<string, number>>;
  /** The same over drafts. */
  created_labels_drafts: Record<string, Record<string, number>>;
}

/**
 * Label Studio keeps ProjectSummary up to date incrementally on every save; Outpost computes it
 * from the rows, which is what its `recalculate ... from_scratch` job produces. Every annotation
 * counts, skipped and ground truth included (Label Studio's signals do not filter them), and every
 * draft on the project's tasks.
 */
export function summarizeProject(db: Db, projectId: number): ProjectSummary {
  return db.transaction(() => {
    const project = findProjectById(db, projectId);
    if (!project) throw new NotFoundError('No ProjectSummary matches the given query.');
    const columns = countDataColumns(db, projectId);
    const tasks = countObjectTasks(db, projectId);
    const annotations = new Map<string, number>();
    const labels = new Map<string, Map<string, number>>();
    for (const { result } of iterateAnnotationResults(db, projectId)) {
      for (const region of resultItems(result)) {
        const key = annotationKey(region);
        if (key === null) continue;
        annotations.set(key, (annotations.get(key) ?? 0) + 1);
        addLabels(labels, region.from_name as string, region);
      }
    }
    const draftLabels = new Map<string, Map<string, number>>();
    for (const { result } of iterateDraftResults(db, projectId)) {
      for (const region of resultItems(result)) {
        if (typeof region.from_name === 'string') addLabels(draftLabels, region.from_name, region);
      }
    }
    return {
      project: projectId,
      created_at: project.created_at,
      all_data_columns: Object.fromEntries(columns.map((column) => [column.key, column.count])),
      common_data_columns: columns
        .filter((column) => tasks > 0 && column.count === tasks)
        .map((column) => column.key)
        .sort(),
      created_annotations: Object.fromEntries(annotations),
      created_labels: nestedObject(labels),
      created_labels_drafts: nestedObject(draftLabels),
    };
  })();
}

type Region = Record<string, unknown>;

/** The result list of an annotation or draft; anything that is not a list of objects adds nothing. */
function resultItems(text: string): Region[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((item): item is Region => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/** `_get_annotation_key`: relations, pairwise and untyped results have none. */
function annotationKey(region: Region): string | null {
  const type = region.type;
  if (type === undefined || type === null || type === 'relation' || type === 'pairwise') return null;
  const { from_name: fromName, to_name: toName } = region;
  if (typeof fromName !== 'string') return null;
  const to = Array.isArray(toName) && toName.every((name) => typeof name === 'string') ? toName.join(',') : toName;
  if (typeof to !== 'string') return null;
  const typeText = type === '' || type === false || type === 0 ? '' : type;
  if (typeof typeText !== 'string') return null;
  return `${fromName}|${to}|${typeText.toLowerCase()}`;
}

/**
 * `_get_labels`: the list under `value[<type>]` (VideoRectangle keeps its labels under `labels`),
 * as strings; Taxonomy paths are flattened; TextArea texts are not labels. The from_name gets an
 * entry even when the result has no labels, as in Label Studio.
 */
function addLabels(target: Map<string, Map<string, number>>, fromName: string, region: Region): void {
  let counts = target.get(fromName);
  if (!counts) {
    counts = new Map();
    target.set(fromName, counts);
  }
  const type = region.type === 'videorectangle' ? 'labels' : region.type;
  const value = region.value;
  if (typeof type !== 'string' || type === 'text' || value === null || typeof value !== 'object') return;
  const list = (value as Record<string, unknown>)[type];
  if (!Array.isArray(list) || !Object.hasOwn(value, type)) return;
  for (const label of list) {
    const names = type === 'taxonomy' && Array.isArray(label) ? label : [label];
    for (const name of names) {
      const text = pythonStr(name);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
}

function nestedObject(map: Map<string, Map<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries([...map].map(([key, counts]) => [key, Object.fromEntries(counts)]));
}
