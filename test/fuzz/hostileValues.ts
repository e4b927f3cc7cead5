import type { Random } from './random.js';

/** JSON text written as is, for what JSON.stringify cannot write (400-digit numbers, 1e999). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type FuzzValue = null | boolean | number | string | RawJson | FuzzValue[] | { [key: string]: FuzzValue };

export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const TEN_MEGABYTES = 10 * 1024 * 1024;

export const XML_BOMB =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">' +
  '<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">' +
  '<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">' +
  '<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>' +
  '<View><Text name="text" value="$text"/><Header value="&lol9;"/></View>';

export const XML_EXTERNAL_ENTITY =
  '<?xml version="1.0"?><!DOCTYPE View [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
  '<View><Text name="text" value="$text"/><Header value="&xxe;"/></View>';

const DEEP = 50_000;
export const DEEP_ARRAY = new RawJson('['.repeat(DEEP) + ']'.repeat(DEEP));
export const DEEP_OBJECT = new RawJson('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP));

const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'a\u0000.png',
  '%00',
  '%',
  '%zz',
];
export const hostilePathSegments = [...TRAVERSALS, '', '.', '..', 'x'.repeat(5000), '🙂.png', 'con', 'a b', '%ff%fe'];

const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0000evil',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE task; --',
  '%s%s%n',
  '<script>alert(1)</script>',
  '$text',
  '(a+)+$',
  '((a|a)*)*b',
  '[',
  'http://127.0.0.1:1/',
  'http://[::1]:1/x.json',
  'file:///etc/passwd',
  'javascript:alert(1)',
  's3://bucket/../../x',
  'filter:tasks:data.text',
  'tasks:id',
  XML_BOMB,
  XML_EXTERNAL_ENTITY,
  '<View>',
  '<View><Text name="t" value="$text"/><Choices name="c" toName="nope"/></View>',
  ...TRAVERSALS,
];

const NUMBERS: FuzzValue[] = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  new RawJson('9'.repeat(400)),
  new RawJson('-' + '9'.repeat(400)),
  new RawJson('1e999'),
  new RawJson('1.0e-999'),
];

export function hostileString(random: Random): string {
  if (random.chance(0.05)) return 'x'.repeat(random.int(1000, 200_000));
  if (random.chance(0.1))
    return String.fromCharCode(...Array.from({ length: random.int(1, 40) }, () => random.int(0, 0xffff)));
  return random.pick(STRINGS);
}

export function hostileNumber(random: Random): FuzzValue {
  return random.pick(NUMBERS);
}

/** Any hostile JSON value: wrong types, extreme numbers, odd strings, deep nesting. */
export function hostileValue(random: Random, depth = 0): FuzzValue {
  const roll = random.int(0, 11);
  if (roll <= 2) return hostileString(random);
  if (roll <= 4) return hostileNumber(random);
  if (roll === 5) return random.pick([null, true, false]);
  if (roll === 6 && depth < 3) return Array.from({ length: random.int(0, 4) }, () => hostileValue(random, depth + 1));
  if (roll === 7 && depth < 3) {
    const entries = Array.from({ length: random.int(0, 4) }, () => [
      hostileKey(random),
      hostileValue(random, depth + 1),
    ]);
    return Object.fromEntries(entries) as FuzzValue;
  }
  if (roll === 8 && random.chance(0.2)) return random.pick([DEEP_ARRAY, DEEP_OBJECT]);
  if (roll === 9) return random.int(1, 6);
  return random.pick(['a', 'text', 'label', 'Choices', 'json', 'CSV', 'JSON_MIN']);
}

/** Field names Label Studio's endpoints read, so hostile values reach the code behind them. */
export const FIELD_NAMES = [
  'title',
  'description',
  'label_config',
  'expert_instruction',
  'maximum_annotations',
  'color',
  'sampling',
  'is_published',
  'show_skip_button',
  'data',
  'meta',
  'project',
  'task',
  'result',
  'was_cancelled',
  'ground_truth',
  'lead_time',
  'draft_id',
  'parent_prediction',
  'parent_annotation',
  'unique_id',
  'completed_by',
  'score',
  'model_version',
  'url',
  'name',
  'is_interactive',
  'timeout',
  'auth_method',
  'basic_auth_user',
  'basic_auth_pass',
  'extra_params',
  'path',
  'prefix',
  'regex_filter',
  'use_blob_urls',
  'bucket',
  'presign',
  'presign_ttl',
  'container',
  'account_name',
  'account_key',
  'filters',
  'ordering',
  'hiddenColumns',
  'selectedItems',
  'ids',
  'order',
  'refresh',
  'token',
  'api_tokens_enabled',
  'legacy_api_tokens_enabled',
  'file',
  'files',
  'action',
  'annotation',
  'base_url',
  'remote_project',
  'interval_minutes',
  'resolution',
  'export_type',
  'task_filter_options',
  'annotation_filter_options',
  'serialization_options',
  'view',
  'id',
  'tasks',
  'annotations',
  'predictions',
  'text',
  'image',
  'value',
  'type',
  'from_name',
  'to_name',
  'choices',
  'labels',
  'start',
  'end',
  'enabled',
  'editor',
  'include',
  'ordering',
  'conjunction',
  'items',
  'query',
  'remote',
  'keep',
  'kind',
  'mode',
];

export function hostileKey(random: Random): string {
  return random.chance(0.85) ? random.pick(FIELD_NAMES) : hostileString(random).slice(0, 200);
}

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
