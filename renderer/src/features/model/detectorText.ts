/** The project's ONNX detector in words. Pure, for unit tests. */
import type { DetectorSetting } from '../../../../shared/api/ml';

/**
 * Whether the config has what a detector answers (an Image, and RectangleLabels, BrushLabels or
 * PolygonLabels): only then is the detector offered.
 */
export function configCanDetect(labelConfig: string): boolean {
  return /<Image\b/.test(labelConfig) && /<(RectangleLabels|BrushLabels|PolygonLabels)\b/.test(labelConfig);
}

export function detectorKindText(setting: Pick<DetectorSetting, 'segmenter' | 'layout'>): string {
  const family = setting.layout === 'yolov5' ? 'YOLOv5' : 'YOLOv8/v11';
  return setting.segmenter
    ? `Segmenter (${family}): masks for BrushLabels and PolygonLabels, boxes for RectangleLabels`
    : `Detector (${family}): boxes for RectangleLabels`;
}

export interface ClassRow {
  name: string;
  /** The label it is predicted as, or null when no label of the config matches it. */
  label: string | null;
}

/** Each class with its label; classes without one come last, since they are never predicted. */
export function classRows(setting: Pick<DetectorSetting, 'class_names' | 'class_labels'>): ClassRow[] {
  const rows = setting.class_names.map((name, index) => ({ name, label: setting.class_labels[index] ?? null }));
  return [...rows.filter((row) => row.label !== null), ...rows.filter((row) => row.label === null)];
}

/** "2 of 3 classes have a label; 1 is never predicted". */
export function mappingSummary(rows: readonly ClassRow[]): string {
  const mapped = rows.filter((row) => row.label !== null).length;
  const unmapped = rows.length - mapped;
  const head = `${mapped} of ${rows.length} ${rows.length === 1 ? 'class has' : 'classes have'} a label of this config`;
  return unmapped === 0 ? `${head}.` : `${head}; ${unmapped} ${unmapped === 1 ? 'is' : 'are'} never predicted.`;
}

/** "Sending 40%", then "Checking the model…" once the server has the whole file. */
export function uploadProgressText(progress: { loaded: number; total: number; sent: boolean } | null): string {
  if (!progress || progress.sent || progress.total <= 0) return 'Checking the model…';
  return `Sending the file, ${Math.floor((progress.loaded / progress.total) * 100)}%`;
}
