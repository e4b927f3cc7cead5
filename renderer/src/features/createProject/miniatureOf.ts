/**
 * What a template's miniature shows, read from its labeling config: the data being labeled, the
 * marks drawn on it, and the controls beside it. Tag names are enough: a miniature is a sketch.
 */
export type MiniatureData =
  | 'image'
  | 'images'
  | 'video'
  | 'audio'
  | 'series'
  | 'dialogue'
  | 'webpage'
  | 'table'
  | 'pair'
  | 'list'
  | 'text'
  | 'blank';

/** Drawn over the data. */
export type MiniatureMark =
  'boxes' | 'polygon' | 'keypoints' | 'brush' | 'ellipses' | 'spans' | 'relations' | 'regions' | 'timeline';

/** Drawn in a column beside the data. */
export type MiniatureControl = 'choices' | 'taxonomy' | 'textarea' | 'rating' | 'number' | 'datetime';

export interface Miniature {
  data: MiniatureData;
  marks: MiniatureMark[];
  controls: MiniatureControl[];
}

function tagsOf(config: string): Set<string> {
  return new Set([...config.matchAll(/<([A-Z][A-Za-z]*)\b/g)].map((match) => match[1] ?? ''));
}

/** The first data tag found decides what is drawn: images before video before audio, and so on. */
const DATA_TAGS: [MiniatureData, string[]][] = [
  ['images', ['Repeater']],
  ['image', ['Image']],
  ['video', ['Video']],
  ['audio', ['Audio', 'AudioPlus']],
  ['series', ['TimeSeries']],
  ['dialogue', ['Paragraphs']],
  ['webpage', ['HyperText']],
  ['table', ['Table']],
  ['pair', ['Pairwise']],
  ['list', ['Ranker', 'List']],
  ['text', ['Text']],
];

const SHAPE_MARKS: [MiniatureMark, string[]][] = [
  ['boxes', ['RectangleLabels', 'Rectangle', 'VideoRectangle']],
  ['polygon', ['PolygonLabels', 'Polygon']],
  ['keypoints', ['KeyPointLabels', 'KeyPoint']],
  ['brush', ['BrushLabels', 'Brush']],
  ['ellipses', ['EllipseLabels', 'Ellipse']],
  ['timeline', ['TimelineLabels']],
];

const CONTROLS: [MiniatureControl, string[]][] = [
  ['choices', ['Choices']],
  ['taxonomy', ['Taxonomy']],
  ['textarea', ['TextArea']],
  ['rating', ['Rating']],
  ['number', ['Number']],
  ['datetime', ['DateTime']],
];

const SPAN_LABELS = ['Labels', 'HyperTextLabels', 'ParagraphLabels', 'TimeSeriesLabels'];

export function miniatureOf(config: string): Miniature {
  const tags = tagsOf(config);
  const has = (names: string[]) => names.some((name) => tags.has(name));
  const data = DATA_TAGS.find(([, names]) => has(names))?.[0] ?? 'blank';
  const marks = SHAPE_MARKS.filter(([, names]) => has(names)).map(([mark]) => mark);
  // Span labels mark a stretch of whatever is labeled (words of a text, a time range of a sound or a
  // series), unless they only name the shapes drawn on an image or a video.
  if (has(SPAN_LABELS) && marks.length === 0) {
    marks.push(data === 'audio' || data === 'series' || data === 'video' ? 'regions' : 'spans');
  }
  if (tags.has('Relations')) marks.push('relations');
  const controls = CONTROLS.filter(([, names]) => has(names)).map(([control]) => control);
  return { data, marks, controls };
}

/** A name for tests and tools: "image+boxes|textarea". */
export function miniatureKey(miniature: Miniature): string {
  const drawn = [miniature.data, ...miniature.marks].join('+');
  return miniature.controls.length > 0 ? `${drawn}|${miniature.controls.join('+')}` : drawn;
}
