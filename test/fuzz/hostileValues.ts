import { FIELD_NAMES } from './fieldNames.js';
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

export function hostileKey(random: Random): string {
  return random.chance(0.85) ? random.pick(FIELD_NAMES) : hostileString(random).slice(0, 200);
}
