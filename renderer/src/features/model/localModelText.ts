/** The built-in model's status in words. Pure, for unit tests. */
import type { LocalModelState, LocalModelStatus } from '../../api/localModel';
import { percentText, plural } from './mlText';

const STATE_LABELS: Record<LocalModelState, string> = {
  untrained: 'Not trained yet',
  training: 'Training…',
  ready: 'Ready',
};

export function localStateLabel(state: LocalModelState | string): string {
  return STATE_LABELS[state as LocalModelState] ?? state;
}

/** Ready is fine, training is work under way, untrained waits for annotations. */
export function localStateTone(state: LocalModelState | string): 'ok' | 'busy' | 'off' {
  return state === 'ready' ? 'ok' : state === 'training' ? 'busy' : 'off';
}

export function localVersionText(status: Pick<LocalModelStatus, 'model_version' | 'version'>): string {
  if (status.model_version) return status.model_version;
  return status.version === null ? '—' : `Version ${status.version}`;
}

/**
 * Below this many held-out annotations a percentage says little (one answer moves it by over ten
 * points; "0% on 4" reads as a broken model), so the page says the sample is too small instead.
 */
export const FEWEST_TO_MEASURE = 10;

/** "83% on 12 held-out annotations", or why there is no number yet. */
export function accuracyText(status: Pick<LocalModelStatus, 'accuracy' | 'held_out'>): string {
  if (status.accuracy === null || !Number.isFinite(status.accuracy)) {
    return status.held_out > 0 ? 'Not measured yet' : 'Not measured yet: it needs more annotations to test on';
  }
  if (status.held_out < FEWEST_TO_MEASURE) {
    return (
      `Too few to measure: ${plural(status.held_out, 'held-out annotation')} ` +
      `(a score needs at least ${FEWEST_TO_MEASURE})`
    );
  }
  return `${percentText(status.accuracy)} on ${plural(status.held_out, 'held-out annotation')}`;
}

/** Readable names of the skill kinds the server reports; any other kind is shown by its id. */
const SKILL_NAMES: Record<string, string> = {
  classification: 'text classification',
  spans: 'text spans',
  ocr: 'OCR',
  detection: 'object detection',
  segmentation: 'click-to-segment',
};

export function skillName(kind: string): string {
  return SKILL_NAMES[kind] ?? kind;
}

/** Only these skills learn from annotations; the others (Tesseract, an ONNX file) are ready as they are. */
export function skillLearns(kind: string): boolean {
  return kind === 'classification' || kind === 'spans';
}

/** What the built-in model does for one control, e.g. "sentiment: text classification (learns from your annotations)". */
export function skillLine(
  control: LocalModelStatus['controls'][number],
  detector?: Pick<NonNullable<LocalModelStatus['detector']>, 'file_name'> & { segmenter?: boolean },
): string {
  const name = skillName(control.kind);
  switch (control.kind) {
    case 'classification':
    case 'spans':
      return `${control.name}: ${name} (learns from your annotations)`;
    case 'ocr':
      return `${control.name}: OCR, reads text lines with Tesseract, ready now`;
    case 'detection':
      return `${control.name}: object detection with your ONNX model (${detector?.file_name ?? 'the detector set for the project'})`;
    case 'segmentation':
      // A segmenter set for the project draws the masks itself; otherwise the user prompts for each.
      return detector?.segmenter
        ? `${control.name}: masks from your ONNX segmenter (${detector.file_name})`
        : `${control.name}: click-to-segment (draw a smart box or point in the editor)`;
    default:
      return `${control.name}: ${name}`;
  }
}

/** Whether the status has anything trained to report: some skill of a supported config learns. */
export function hasLearningSkill(status: Pick<LocalModelStatus, 'supported' | 'controls'>): boolean {
  return status.supported && status.controls.some((control) => skillLearns(control.kind));
}

/** The configs the built-in model works with, said where it cannot work with this one. */
export const SUPPORTED_CONFIGS_TEXT =
  'It works with text classification (Choices on a Text), text spans (Labels on a Text), ' +
  'OCR (an Image with Rectangle, Labels and a per-region TextArea), click-to-segment (an Image with ' +
  'BrushLabels or PolygonLabels and a smart RectangleLabels or KeyPointLabels) and object detection ' +
  '(RectangleLabels on an Image, with an ONNX detector set for the project; BrushLabels or PolygonLabels too ' +
  'with an ONNX segmenter).';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * One line per control from `metrics`: a classification's accuracy beside always answering the
 * most common choice (the number that says whether it learned anything), a span control's F1.
 */
export function metricLines(metrics: unknown): string[] {
  if (!isRecord(metrics)) return [];
  return Object.entries(metrics).flatMap(([name, figures]) => {
    if (!isRecord(figures)) return [];
    const note = typeof figures.note === 'string' ? figures.note : null;
    const accuracy = num(figures.accuracy);
    const f1 = num(figures.f1);
    if (figures.kind === 'spans' && f1 !== null) {
      const precision = num(figures.precision);
      const recall = num(figures.recall);
      const detail =
        precision !== null && recall !== null
          ? ` (precision ${percentText(precision)}, recall ${percentText(recall)})`
          : '';
      return [`${name}: F1 ${percentText(f1)}${detail}`];
    }
    if (accuracy !== null) {
      const correct = num(figures.correct);
      const heldOut = num(figures.held_out);
      const baseline = num(figures.majority_baseline);
      const counted = correct !== null && heldOut !== null ? ` (${correct} of ${heldOut})` : '';
      const compared = baseline !== null ? `; always the most common choice: ${percentText(baseline)}` : '';
      return [`${name}: ${percentText(accuracy)} right${counted}${compared}`];
    }
    return note ? [`${name}: ${note}`] : [];
  });
}
