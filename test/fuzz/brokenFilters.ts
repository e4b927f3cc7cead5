import { hostileString, hostileValue, type FuzzValue } from './hostileValues.js';
import type { Random } from './random.js';

/** Data Manager filters that are almost right: real columns and operators with wrong pieces. */
export function brokenFilters(random: Random): FuzzValue {
  const column = random.pick([
    'filter:tasks:id',
    'filter:tasks:data.text',
    'filter:tasks:completed_at',
    'filter:tasks:total_annotations',
    'filter:tasks:annotators',
    'filter:tasks:created_at',
    'filter:tasks:predictions_score',
    'filter:tasks:file_upload',
    'filter:annotations:id',
    'filter:tasks:',
    'filter:tasks:data.',
    'tasks:id',
    hostileString(random),
  ]);
  const operator = random.pick([
    'equal',
    'not_equal',
    'contains',
    'not_contains',
    'less',
    'greater',
    'less_or_equal',
    'greater_or_equal',
    'in',
    'not_in',
    'empty',
    'regex',
    'exists',
    'nope',
    '',
  ]);
  const type = random.pick(['Number', 'String', 'Datetime', 'Boolean', 'List', 'Unknown', 'Image', '']);
  const value = random.pick<FuzzValue>([
    hostileValue(random),
    { min: hostileValue(random), max: hostileValue(random) },
    '(a+)+$',
    '((a|a)*)*$',
    '[',
    '2026-13-45T99:99:99Z',
  ]);
  const item: Record<string, FuzzValue> = { filter: column, operator, type, value };
  if (random.chance(0.2)) item.child_filter = { filter: column, operator, type, value: hostileValue(random) };
  if (random.chance(0.2)) delete item[random.pick(['filter', 'operator', 'type', 'value'])];
  const items = random.chance(0.1) ? hostileValue(random) : [item];
  return { conjunction: random.pick<FuzzValue>(['and', 'or', 'xor', 1, null]), items };
}
