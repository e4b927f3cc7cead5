/**
 * What Outpost knows about each tag of Label Studio's editor, as data: its role, the `type` its
 * results carry, and the Python types of task data it accepts (for import validation:
 * docs/label-studio-compatibility.md#task-data-validation).
 */
export type TagKind = 'object' | 'control' | 'visual' | 'option';
export type DataValueType = 'str' | 'int' | 'float' | 'list' | 'dict' | 'NoneType';

export interface TagInfo {
  kind: TagKind;
  /** The `type` of a result produced by this control (lower case, as in annotations). */
  resultType?: string;
  /** Types a task data value may have when this tag reads it through `value="$key"`. */
  dataTypes?: DataValueType[];
  /** A region tool in Label Studio's bulk-annotation rule: a config using one cannot be bulk-annotated. */
  isRegionTool?: boolean;
}

const STRING_ONLY: DataValueType[] = ['str'];

const objectTag = (dataTypes: DataValueType[] = STRING_ONLY): TagInfo => ({ kind: 'object', dataTypes });
const control = (resultType: string, isRegionTool = false, dataTypes: DataValueType[] = STRING_ONLY): TagInfo => ({
  kind: 'control',
  resultType,
  dataTypes,
  ...(isRegionTool ? { isRegionTool } : {}),
});

export const TAGS: Readonly<Record<string, TagInfo>> = {
  // Objects: what a task shows.
  Image: objectTag(['str', 'list']),
  Text: objectTag(['str', 'int', 'float', 'list']),
  HyperText: objectTag(['str']),
  Audio: objectTag(),
  AudioPlus: objectTag(),
  Video: objectTag(),
  TimeSeries: objectTag(['dict', 'list', 'str']),
  Paragraphs: objectTag(['list', 'str']),
  Table: objectTag(['dict', 'list', 'str']),
  List: objectTag(['list', 'str']),
  Chat: objectTag(['list', 'str']),
  PDF: objectTag(),
  Markdown: objectTag(),
  Header: { kind: 'visual', dataTypes: ['str', 'int', 'float'] },
  // Controls: what an annotator produces.
  Choices: control('choices'),
  Labels: control('labels', true),
  RectangleLabels: control('rectanglelabels', true),
  Rectangle: control('rectangle', true),
  PolygonLabels: control('polygonlabels', true),
  Polygon: control('polygon', true),
  KeyPointLabels: control('keypointlabels', true),
  KeyPoint: control('keypoint', true),
  EllipseLabels: control('ellipselabels', true),
  Ellipse: control('ellipse', true),
  BrushLabels: control('brushlabels', true),
  Brush: control('brush', true),
  MagicWand: control('brushlabels'),
  BitmaskLabels: control('bitmasklabels'),
  Bitmask: control('bitmask'),
  TextArea: control('textarea'),
  Rating: control('rating'),
  Number: control('number'),
  DateTime: control('datetime'),
  Taxonomy: control('taxonomy', false, ['str', 'list', 'NoneType']),
  TimeSeriesLabels: control('timeserieslabels', true),
  HyperTextLabels: control('hypertextlabels', true),
  ParagraphLabels: control('paragraphlabels', true),
  VideoRectangle: control('videorectangle', true),
  TimelineLabels: control('timelinelabels'),
  Ranker: control('ranker', false, ['list', 'str']),
  Pairwise: control('pairwise'),
  Relations: control('relation'),
  // Options inside controls.
  Choice: { kind: 'option' },
  Label: { kind: 'option' },
  Relation: { kind: 'option' },
  // Layout and behaviour.
  View: { kind: 'visual' },
  Style: { kind: 'visual' },
  Filter: { kind: 'visual' },
  Repeater: { kind: 'visual' },
  Collapse: { kind: 'visual' },
  Panel: { kind: 'visual' },
  Shortcut: { kind: 'option' },
};

/** The data types a tag accepts; any tag Outpost does not know accepts strings only, as in Label Studio. */
export function acceptedDataTypes(tag: string): DataValueType[] {
  return (Object.hasOwn(TAGS, tag) ? TAGS[tag]!.dataTypes : undefined) ?? STRING_ONLY;
}
