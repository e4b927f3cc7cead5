import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import { elementsByName } from '../learnableControls.js';

/*
 * Which labeling configs the built-in model segments on request: an Image given by a task field,
 * a BrushLabels or PolygonLabels that draws on it (what the answer is), and a RectangleLabels or
 * KeyPointLabels with `smart="true"` on the same image (what the user draws with Auto-Annotation
 * on, the prompt). This is the shape of Label Studio's interactive segmentation setups.
 */

/** Why a request without the editor's regions gets no segmentation. */
export const SEGMENTS_ON_REQUEST =
  'The built-in model segments images on request only: with Auto-Annotation on, draw a smart box or point ' +
  'on the image and it answers with the object under it.';

export type SegmentOutputType = 'brushlabels' | 'polygonlabels';

export interface SegmentConfig {
  /** The Image object's name and the task data key holding its URL. */
  toName: string;
  dataKey: string;
  /** The control the answer is drawn with, and its labels (empty when any is allowed). */
  output: { name: string; type: SegmentOutputType; labels: string[] };
  /** The smart controls whose regions are prompts. */
  promptControls: string[];
}

const OUTPUT_TYPES: Readonly<Record<string, SegmentOutputType>> = {
  BrushLabels: 'brushlabels',
  PolygonLabels: 'polygonlabels',
};
const PROMPT_TAGS = new Set(['RectangleLabels', 'KeyPointLabels', 'Rectangle', 'KeyPoint']);

/** The config's segmentation setup, or null when it has none (then other skills may apply). */
export function segmentConfigOf(labelConfig: string, parsed: ParsedLabelConfig): SegmentConfig | null {
  const elements = elementsByName(labelConfig);
  const isSmart = (name: string) => {
    const attributes = elements.get(name)?.attributes ?? {};
    return attributes.smart === 'true' || attributes.smartOnly === 'true';
  };
  for (const [name, control] of Object.entries(parsed)) {
    const type = OUTPUT_TYPES[control.type];
    if (!type) continue;
    for (const toName of control.to_name) {
      const image = elements.get(toName);
      const value = image?.attributes.value ?? '';
      if (image?.tag !== 'Image' || !value.startsWith('$')) continue;
      const promptControls = Object.entries(parsed)
        .filter(([other, prompt]) => PROMPT_TAGS.has(prompt.type) && prompt.to_name.includes(toName) && isSmart(other))
        .map(([other]) => other);
      if (promptControls.length === 0) continue;
      return {
        toName,
        dataKey: value.replace(/^\$+/, ''),
        output: { name, type, labels: control.dynamic_labels ? [] : control.labels },
        promptControls,
      };
    }
  }
  return null;
}
