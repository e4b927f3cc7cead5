import { DomainError } from '../../../errors.js';
import type { ConverterItem } from '../../converter/converterItems.js';
import { PyFloat } from '../../encode/pyFloat.js';
import { polygonArea, polygonBoundingBox, rotatedBoundingBox } from './boxGeometry.js';
import type { CategoryTable } from './categoryTable.js';
import { firstLabelList, isFalsyNumber, itemValues, numberOf, roundHalfEven, type OutputValue } from './imageItems.js';

export type CocoImage = { width: unknown; height: unknown; id: number; file_name: string };
export type CocoAnnotation = Record<string, unknown>;

const CATEGORY_KEYS = ['rectanglelabels', 'polygonlabels', 'keypointlabels', 'labels'] as const;

export interface CocoSink {
  image(image: CocoImage): Promise<void>;
  annotation(annotation: CocoAnnotation): Promise<void>;
}

/**
 * COCO's per-item rules (docs/export-image-formats.md#coco), with counters only: image ids are the
 * number of image entries so far, annotation ids the number of annotations so far.
 */
/**
 * The converter's words for a keypoint region in a config whose KeyPointLabels give no
 * `model_index`. Label Studio answers it with a 500; here it is the client's 400.
 */
export const NO_KEYPOINT_ORDER =
  "No keypoint order found. Please ensure that KeyPointLabels in your label config have 'model_index' attributes defined.";

/** Whether the item holds a labeled region that COCO writes as keypoints. */
export function hasKeypointRegion(item: ConverterItem): boolean {
  return itemValues(item).some(
    (value) =>
      firstLabelList(value, CATEGORY_KEYS) !== null &&
      !('rectanglelabels' in value || 'labels' in value || 'polygonlabels' in value),
  );
}

export class CocoItems {
  private imageCount = 0;
  private annotationCount = 0;

  constructor(
    private readonly categories: CategoryTable,
    /** Keypoint names by `model_index`; empty makes a keypoint item fail the export, as upstream. */
    private readonly keypointOrder: readonly string[],
    private readonly sink: CocoSink,
  ) {}

  /** One item; `opened` holds the real dims when the image file could be read. */
  async add(item: ConverterItem, fileName: string, opened: { width: number; height: number } | null): Promise<void> {
    const imageId = this.imageCount;
    let width: unknown = opened?.width ?? null;
    let height: unknown = opened?.height ?? null;
    if (opened) await this.addImage(width, height, imageId, fileName);
    if (item.output.size === 0) {
      if (isFalsyNumber(width)) await this.addImage(width, height, imageId, fileName);
      return;
    }
    const keypointValues: OutputValue[] = [];
    for (const value of itemValues(item)) {
      const labels = firstLabelList(value, CATEGORY_KEYS);
      if (!labels) continue;
      if (isFalsyNumber(height) || isFalsyNumber(width)) {
        if (!('original_width' in value) || !('original_height' in value)) continue;
        width = value.original_width;
        height = value.original_height;
        await this.addImage(width, height, imageId, fileName);
      }
      const categoryId = this.categories.idFor(String(labels[0]));
      if ('rectanglelabels' in value || 'labels' in value) {
        await this.addBox(value, imageId, categoryId, width, height);
      } else if ('polygonlabels' in value) {
        await this.addPolygon(value, imageId, categoryId, width, height);
      } else {
        keypointValues.push(value);
      }
    }
    if (keypointValues.length > 0) await this.addKeypoints(keypointValues, imageId, width, height);
  }

  private async addImage(width: unknown, height: unknown, id: number, fileName: string): Promise<void> {
    this.imageCount += 1;
    await this.sink.image({ width, height, id, file_name: fileName });
  }

  private async emit(annotation: CocoAnnotation): Promise<void> {
    this.annotationCount += 1;
    await this.sink.annotation(annotation);
  }

  /**
   * A box uses the value's own original dims. The converter fails the export when the image opened
   * but the value has none; Outpost falls back to the image's dims instead.
   */
  private async addBox(value: OutputValue, imageId: number, categoryId: number, width: unknown, height: unknown) {
    const x = numberOf(value.x);
    const y = numberOf(value.y);
    const w = numberOf(value.width);
    const h = numberOf(value.height);
    if (!('x' in value && 'y' in value && 'width' in value && 'height' in value)) return;
    if (x === null || y === null || w === null || h === null) return;
    const box = rotatedBoundingBox(x, y, w, h, numberOf(value.rotation) ?? 0);
    const imageWidth = numberOf(value.original_width) ?? numberOf(width) ?? 0;
    const imageHeight = numberOf(value.original_height) ?? numberOf(height) ?? 0;
    const bx = (box.x * imageWidth) / 100;
    const by = (box.y * imageHeight) / 100;
    const bw = (box.width * imageWidth) / 100;
    const bh = (box.height * imageHeight) / 100;
    await this.emit({
      id: this.annotationCount,
      image_id: imageId,
      category_id: categoryId,
      segmentation: [],
      bbox: [new PyFloat(bx), new PyFloat(by), new PyFloat(bw), new PyFloat(bh)],
      ignore: 0,
      iscrowd: 0,
      area: new PyFloat(bw * bh),
    });
  }

  /** Points scale by the item's image dims; a polygon without points is skipped (upstream raises). */
  private async addPolygon(value: OutputValue, imageId: number, categoryId: number, width: unknown, height: unknown) {
    const points = Array.isArray(value.points) ? (value.points as unknown[]) : [];
    const imageWidth = numberOf(width) ?? 0;
    const imageHeight = numberOf(height) ?? 0;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const point of points) {
      if (!Array.isArray(point)) continue;
      const px = numberOf(point[0]);
      const py = numberOf(point[1]);
      if (px === null || py === null) continue;
      xs.push((px / 100) * imageWidth);
      ys.push((py / 100) * imageHeight);
    }
    if (xs.length === 0) return;
    const segmentation = xs.flatMap((px, index) => [new PyFloat(px), new PyFloat(ys[index]!)]);
    await this.emit({
      id: this.annotationCount,
      image_id: imageId,
      category_id: categoryId,
      segmentation: [segmentation],
      bbox: polygonBoundingBox(xs, ys).map((coordinate) => new PyFloat(coordinate)),
      ignore: 0,
      iscrowd: 0,
      area: new PyFloat(polygonArea(xs, ys)),
    });
  }

  /** All keypoints of one item become one annotation (docs/export-image-formats.md#coco). */
  private async addKeypoints(values: OutputValue[], imageId: number, width: unknown, height: unknown) {
    const order = this.keypointOrder;
    if (order.length === 0) throw new DomainError(400, NO_KEYPOINT_ORDER);
    const keypoints: number[] = new Array<number>(order.length * 3).fill(0);
    for (const value of values) {
      const imageWidth = numberOf(value.original_width) ?? numberOf(width) ?? 0;
      const imageHeight = numberOf(value.original_height) ?? numberOf(height) ?? 0;
      const x = ((numberOf(value.x) ?? 0) / 100) * imageWidth;
      const y = ((numberOf(value.y) ?? 0) / 100) * imageHeight;
      const labels = Array.isArray(value.keypointlabels) ? value.keypointlabels : [];
      const visibility = labels.length > 0 ? 2 : 0;
      for (const label of labels) {
        const index = order.indexOf(String(label));
        if (index < 0) continue;
        keypoints[3 * index] = roundHalfEven(x);
        keypoints[3 * index + 1] = roundHalfEven(y);
        keypoints[3 * index + 2] = visibility;
      }
    }
    const visible = order.map((_, index) => index).filter((index) => keypoints[3 * index + 2]! > 0);
    let bbox = [0, 0, 0, 0];
    if (visible.length > 0) {
      const xs = visible.map((index) => keypoints[3 * index]!);
      const ys = visible.map((index) => keypoints[3 * index + 1]!);
      const minX = Math.min(...xs);
      const minY = Math.min(...ys);
      bbox = [minX, minY, Math.max(...xs) - minX, Math.max(...ys) - minY];
    }
    await this.emit({
      id: this.annotationCount,
      image_id: imageId,
      category_id: this.categories.get(order[0]!) ?? 0,
      keypoints,
      num_keypoints: visible.length,
      bbox,
      iscrowd: 0,
    });
  }
}
