import { describe, expect, it } from 'vitest';
import { cellKind, displayText, readCell } from '../../renderer/src/features/dm/cellValues.js';
import {
  hiddenColumnsOf,
  orderingFor,
  sortOf,
  tableColumns,
  toggleHidden,
  visibleColumns,
  type ColumnLayout,
} from '../../renderer/src/features/dm/columns.js';
import {
  datetimeFilterValue,
  isCompleteFilter,
  newFilterItem,
  operatorsFor,
} from '../../renderer/src/features/dm/filters.js';
import {
  EMPTY_SELECTION,
  isSelected,
  selectAll,
  selectedCount,
  selectedItems,
  setSelected,
  toggleSelected,
} from '../../renderer/src/features/dm/selection.js';

const SERVER_COLUMNS: ColumnLayout[] = [
  {
    id: 'image',
    title: 'image',
    type: 'Image',
    parent: 'data',
    visibility_defaults: { explore: true, labeling: false },
  },
  {
    id: 'text',
    title: 'text',
    type: 'String',
    parent: 'data',
    visibility_defaults: { explore: true, labeling: false },
  },
  { id: 'id', title: 'ID', type: 'Number', visibility_defaults: { explore: true, labeling: false } },
  { id: 'inner_id', title: 'Inner ID', type: 'Number', visibility_defaults: { explore: false, labeling: false } },
  { id: 'data', title: 'data', type: 'List', children: ['image', 'text'] },
];

describe('columns', () => {
  const columns = tableColumns(SERVER_COLUMNS);

  it('puts the id first, keys data columns as data.<key>, and drops the data parent', () => {
    expect(columns.map((column) => column.viewId)).toEqual([
      'tasks:id',
      'tasks:data.image',
      'tasks:data.text',
      'tasks:inner_id',
    ]);
  });

  it('hides what the server hides by default until the tab chooses, then keeps its choice', () => {
    expect(hiddenColumnsOf({}, columns)).toEqual({ explore: ['tasks:inner_id'], labeling: [] });
    const chosen = toggleHidden(
      toggleHidden(hiddenColumnsOf({}, columns), 'tasks:inner_id', true),
      'tasks:data.text',
      false,
    );
    expect(chosen.explore).toEqual(['tasks:data.text']);
    expect(visibleColumns(columns, hiddenColumnsOf({ hiddenColumns: chosen }, columns)).map((c) => c.key)).toEqual([
      'id',
      'data.image',
      'inner_id',
    ]);
  });

  it('orders ascending first, then descending, in Label Studio ordering shape', () => {
    expect(orderingFor([], 'tasks:data.text')).toEqual(['tasks:data.text']);
    expect(orderingFor(['tasks:data.text'], 'tasks:data.text')).toEqual(['-tasks:data.text']);
    expect(orderingFor(['-tasks:data.text'], 'tasks:data.text')).toEqual(['tasks:id']);
    expect(sortOf(['-tasks:id'], 'tasks:id')).toBe('descending');
    expect(sortOf(['-tasks:id'], 'tasks:data.text')).toBeUndefined();
  });
});

describe('filters', () => {
  it('offer operators suited to the column type, with a starting value', () => {
    expect(operatorsFor('Number')).toContain('greater');
    expect(operatorsFor('Datetime')).not.toContain('contains');
    expect(operatorsFor('Image')).toEqual(operatorsFor('String'));
    expect(newFilterItem('data.text', 'String')).toEqual({
      filter: 'filter:tasks:data.text',
      operator: 'contains',
      type: 'String',
      value: '',
    });
    expect(isCompleteFilter(newFilterItem('data.text', 'String'))).toBe(false);
    expect(isCompleteFilter(newFilterItem('total_annotations', 'Number'))).toBe(true);
    expect(isCompleteFilter({ ...newFilterItem('id', 'Number'), value: Number.NaN })).toBe(false);
    expect(datetimeFilterValue('2025-05-01')).toBe('2025-05-01T00:00:00.000000Z');
  });
});

describe('selection', () => {
  it('counts and serializes included ids, or all but the excluded ones', () => {
    const some = toggleSelected(toggleSelected(EMPTY_SELECTION, 4), 9);
    expect(selectedCount(some, 100)).toBe(2);
    expect(selectedItems(some)).toEqual({ all: false, included: [4, 9] });
    const allBut = setSelected(selectAll(), [4, 9], false);
    expect(isSelected(allBut, 4)).toBe(false);
    expect(isSelected(allBut, 5)).toBe(true);
    expect(selectedCount(allBut, 100)).toBe(98);
    expect(selectedItems(allBut)).toEqual({ all: true, excluded: [4, 9] });
    expect(selectedItems(setSelected(allBut, [4], true))).toEqual({ all: true, excluded: [9] });
  });
});

describe('cells', () => {
  const [id, image, text] = tableColumns(SERVER_COLUMNS);
  it('reads data keys, finds thumbnails and audio, and knows the columns of people', () => {
    const task = { id: 3, data: { image: '/data/upload/1/a.png', text: 'clip.mp3' }, annotators: [1, 2] };
    expect(readCell(task, 'data.image')).toBe('/data/upload/1/a.png');
    expect(cellKind(image!, readCell(task, 'data.image'))).toBe('image');
    expect(cellKind(text!, readCell(task, 'data.text'))).toBe('audio');
    expect(cellKind(text!, 'plain words')).toBe('text');
    expect(cellKind(id!, 3)).toBe('number');
    const annotators = {
      key: 'annotators',
      viewId: 'tasks:annotators',
      title: 'Annotated by',
      type: 'List',
      isData: false,
      hiddenByDefault: false,
    };
    // People show as avatars (UserAvatars), never as `#1`.
    expect(cellKind(annotators, [1, 2])).toBe('users');
    expect(cellKind({ ...annotators, key: 'updated_by', viewId: 'tasks:updated_by' }, [{ user_id: 7 }])).toBe('users');
    expect(displayText(text!, ['a', 'b'])).toBe('a, b');
    expect(displayText(text!, null)).toBe('');
  });
});
