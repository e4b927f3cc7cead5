import { describe, expect, it } from 'vitest';
import {
  CHECK_COLUMN_WIDTH,
  defaultWidth,
  gridTemplate,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  parseWidths,
  TEXT_CAP,
  TEXT_DEFAULT_WIDTH,
  type TextMeasure,
} from '../../renderer/src/features/dm/columnWidths.js';
import { tableColumns, type ColumnLayout } from '../../renderer/src/features/dm/columns.js';
import {
  avatarColor,
  localAvatarUrl,
  userDescription,
  userIdsOf,
  userInitials,
} from '../../renderer/src/features/dm/users.js';

/** A monospace stand-in for the canvas: 8 px per header character, 7 per body character. */
const MEASURE: TextMeasure = { header: (text) => text.length * 8, body: (text) => text.length * 7 };
const formatDate = () => 'September 28, 2026 at 10:58 PM';

const SERVER_COLUMNS: ColumnLayout[] = [
  { id: 'text', title: 'text', type: 'String', parent: 'data' },
  { id: 'image', title: 'image', type: 'Image', parent: 'data' },
  { id: 'id', title: 'ID', type: 'Number' },
  { id: 'completed_at', title: 'Completed', type: 'Datetime' },
  { id: 'total_annotations', title: 'Annotations', type: 'Number' },
  { id: 'annotators', title: 'Annotated by', type: 'List' },
  { id: 'predictions_model_versions', title: 'Prediction model versions', type: 'List' },
];
const columns = tableColumns(SERVER_COLUMNS);
const byKey = Object.fromEntries(columns.map((column) => [column.key, column]));
const width = (key: string) => defaultWidth(byKey[key]!, MEASURE, formatDate);
/** The template's tracks, `minmax(a, b)` kept whole. */
const tracksOf = (template: string) => template.match(/minmax\([^)]*\)|\S+/g) ?? [];

describe('default column widths', () => {
  it('fit the whole header title, with room for the sort arrow and the resize handle', () => {
    expect(width('total_annotations')).toBeGreaterThanOrEqual('Annotations'.length * 8 + 40);
    expect(width('predictions_model_versions')).toBeGreaterThanOrEqual('Prediction model versions'.length * 8 + 40);
  });

  it('show a whole date, and three avatars of people', () => {
    expect(width('completed_at')).toBeGreaterThanOrEqual(formatDate().length * 7 + 24);
    expect(width('annotators')).toBeGreaterThanOrEqual(3 * 26);
  });

  it('start text columns at a sentence, never the whole window', () => {
    expect(width('data.text')).toBe(TEXT_DEFAULT_WIDTH);
    expect(width('id')).toBeLessThan(TEXT_DEFAULT_WIDTH);
  });
});

describe('grid template', () => {
  const defaults = Object.fromEntries(columns.map((column) => [column.key, width(column.key)]));

  it('lets text grow up to the cap, keeps the rest at their width, and sums the minimum', () => {
    const { template, minTotal } = gridTemplate(columns, defaults, {});
    const tracks = tracksOf(template);
    // The task id comes first (tableColumns), then the server's order.
    expect(tracks.slice(0, 4)).toEqual([
      `${CHECK_COLUMN_WIDTH}px`,
      `${defaults.id}px`,
      `minmax(${TEXT_DEFAULT_WIDTH}px, ${TEXT_CAP}px)`,
      `${defaults['data.image']}px`,
    ]);
    expect(minTotal).toBe(CHECK_COLUMN_WIDTH + Object.values(defaults).reduce((sum, next) => sum + next, 0));
  });

  it('gives a width the user chose to that column exactly, text included', () => {
    const { template } = gridTemplate(columns, defaults, { 'data.text': 520, id: 90 });
    const tracks = tracksOf(template);
    expect(tracks.slice(1, 3)).toEqual(['90px', '520px']);
  });

  it('reads stored widths back clamped, dropping anything that is not a number', () => {
    expect(parseWidths({ 'data.text': 10, id: 99_999, score: 'wide', ok: 150.4 })).toEqual({
      'data.text': MIN_COLUMN_WIDTH,
      id: MAX_COLUMN_WIDTH,
      ok: 150,
    });
    expect(parseWidths(null)).toEqual({});
    expect(parseWidths([300])).toEqual({});
  });
});

describe('people in the grid', () => {
  it('reads user ids from annotators and from updated_by', () => {
    expect(userIdsOf([3, 1, 3])).toEqual([3, 1]);
    expect(userIdsOf([{ user_id: 7 }, { other: 1 }])).toEqual([7]);
    expect(userIdsOf(null)).toEqual([]);
  });

  it('names and initials a person as Label Studio does', () => {
    const ana = { id: 2, first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com', initials: 'AL' };
    expect(userDescription(ana)).toBe('Ana Lima (ana@example.com)');
    expect(userInitials(ana)).toBe('AL');
    const bare = { id: 3, first_name: '', last_name: '', email: 'bo@example.com' };
    expect(userDescription(bare)).toBe('bo@example.com');
    expect(userInitials(bare)).toBe('BO');
  });

  it('gives each person one colour, and pictures only from the server itself', () => {
    expect(avatarColor(5)).toBe(avatarColor(5));
    expect(avatarColor(1)).not.toBe(avatarColor(2));
    expect(localAvatarUrl({ id: 1, avatar: '/data/avatars/a.png' })).toBe('/data/avatars/a.png');
    expect(localAvatarUrl({ id: 1, avatar: 'https://cdn.example.com/a.png' })).toBeNull();
    expect(localAvatarUrl({ id: 1, avatar: '//cdn.example.com/a.png' })).toBeNull();
  });
});
