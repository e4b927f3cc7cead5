import type { ParsedLabelConfig } from '../../../../../../shared/label-config/types.js';
import { parsePythonInt } from '../../../pythonText.js';

export interface Category {
  id: number;
  name: string;
  supercategory?: string;
  keypoints?: string[];
  skeleton?: never[];
}

/**
 * The converter's category table (docs/export-image-formats.md#category-ids), as a list in table
 * order plus a name index. A label met in the data that is not in the table is appended with
 * `addUnknown`.
 */
export class CategoryTable {
  readonly categories: Category[];
  private readonly idByName: Map<string, number>;

  constructor(categories: Category[], idByName?: Map<string, number>) {
    this.categories = categories;
    this.idByName = idByName ?? new Map(categories.map((category) => [category.name, category.id]));
  }

  get(name: string): number | undefined {
    return this.idByName.get(name);
  }

  /** The id of a label, appending it with `id = len(table)` when the table lacks it. */
  idFor(name: string): number {
    const known = this.idByName.get(name);
    if (known !== undefined) return known;
    const id = this.categories.length;
    this.idByName.set(name, id);
    this.categories.push({ id, name });
    return id;
  }
}

/** Every Label/Choice of every control, explicit `category="N"` first, the rest sorted by code point. */
export function buildCategoryTable(config: ParsedLabelConfig): CategoryTable {
  const labels = new Set<string>();
  const categories: Category[] = [];
  const idByName = new Map<string, number>();
  for (const control of Object.values(config)) {
    for (const label of control.labels) labels.add(label);
    for (const [label, attributes] of Object.entries(control.labels_attrs)) {
      const raw = attributes.category;
      if (raw === undefined) continue;
      const parsed = parsePythonInt(raw);
      // [2.1] a category that is not an integer is ignored (2.0.16 used the raw string).
      if (parsed === null || parsed > BigInt(Number.MAX_SAFE_INTEGER) || parsed < -BigInt(Number.MAX_SAFE_INTEGER)) {
        continue;
      }
      categories.push({ id: Number(parsed), name: label });
      idByName.set(label, Number(parsed));
    }
  }
  const used = new Set(idByName.values());
  const remaining = [...labels].filter((label) => !idByName.has(label)).sort(compareCodePoints);
  let next = 0;
  for (const label of remaining) {
    while (used.has(next)) next += 1;
    categories.push({ id: next, name: label });
    idByName.set(label, next);
    next += 1;
  }
  return new CategoryTable(categories, idByName);
}

/** The KeyPointLabels label names of the config, in config order, without duplicates. */
export function keypointLabelNames(config: ParsedLabelConfig): string[] {
  const names = new Set<string>();
  for (const control of Object.values(config)) {
    if (control.type === 'KeyPointLabels') for (const label of control.labels) names.add(label);
  }
  return [...names];
}

/**
 * COCO's table for a config with keypoints (docs/export-image-formats.md#coco): keypoint names
 * leave the table, the others are renumbered 0..n-1 (SDK 2.0.16's dense numbering, which Label
 * Studio 1.22 ships) and a `default` category holding every keypoint name comes last. Without
 * keypoints the table is kept.
 */
export function withKeypointCategory(table: CategoryTable, config: ParsedLabelConfig): CategoryTable {
  const keypointNames = keypointLabelNames(config);
  if (keypointNames.length === 0) return table;
  const keypointSet = new Set(keypointNames);
  const categories: Category[] = [];
  const idByName = new Map<string, number>();
  for (const category of table.categories) {
    if (keypointSet.has(category.name)) continue;
    const id = categories.length;
    categories.push({ ...category, id });
    idByName.set(category.name, id);
  }
  const mergedId = categories.length;
  categories.push({ id: mergedId, name: 'default', supercategory: 'default', keypoints: keypointNames, skeleton: [] });
  for (const name of keypointNames) idByName.set(name, mergedId);
  return new CategoryTable(categories, idByName);
}

/** YOLO-pose categories: the RectangleLabels labels in config order, each listing the keypoints. */
export function yoloKeypointCategories(config: ParsedLabelConfig): CategoryTable {
  const keypointNames = keypointLabelNames(config);
  const names = new Set<string>();
  for (const control of Object.values(config)) {
    if (control.type === 'RectangleLabels') for (const label of control.labels) names.add(label);
  }
  return new CategoryTable([...names].map((name, id) => ({ id, name, keypoints: keypointNames })));
}

/**
 * The keypoint order: names sorted by their integer `model_index` (first name wins an index).
 * Empty when no label has one.
 */
export function keypointOrder(config: ParsedLabelConfig): string[] {
  const attributesByName = new Map<string, Record<string, string>>();
  for (const control of Object.values(config)) {
    if (control.type !== 'KeyPointLabels') continue;
    for (const [name, attributes] of Object.entries(control.labels_attrs)) attributesByName.set(name, attributes);
  }
  const pairs: [number, string][] = [];
  const used = new Set<number>();
  for (const [name, attributes] of attributesByName) {
    const index = attributes.model_index === undefined ? null : parsePythonInt(attributes.model_index);
    if (index === null) continue;
    const value = Number(index);
    if (used.has(value)) continue;
    used.add(value);
    pairs.push([value, name]);
  }
  return pairs.sort((a, b) => a[0] - b[0]).map(([, name]) => name);
}

/** Python's str ordering: by code point, not by UTF-16 unit. */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = left[index]!.codePointAt(0)! - right[index]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
