import { bodyTemplate } from './bodyTemplates.js';
import { brokenFilters } from './brokenFilters.js';
import {
  DEEP_ARRAY,
  hostileKey,
  hostilePathSegments,
  hostileString,
  hostileValue,
  RawJson,
  TEN_MEGABYTES,
  toJsonText,
  XML_BOMB,
  XML_EXTERNAL_ENTITY,
  type FuzzValue,
} from './hostileValues.js';
import { multipartBody, type BuiltBody } from './multipartBodies.js';
import type { Random } from './random.js';
import type { FuzzRoute } from './routeTable.js';

export interface FuzzRequest {
  method: string;
  /** The raw request target (path and query), sent as is: no URL normalization of `..`. */
  target: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** What kind of hostile body this is, for the report. */
  bodyKind: string;
}

export interface FuzzTarget {
  token: string;
  /** Ids of the seeded objects, so most requests name something that exists. */
  ids: number[];
}

const QUERY_NAMES = [
  'project',
  'view',
  'page',
  'page_size',
  'ordering',
  'fields',
  'include',
  'omit',
  'ids',
  'query',
  'interaction',
  'selectedItems',
  'search',
  'download_all_tasks',
  'download_resources',
  'exportType',
  'export_type',
  'only_finished',
  'resolved',
  'all',
  'commit_to_project',
  'return_task_ids',
  'preannotated_from_fields',
  'fileuri',
  'd',
  'token',
  'id',
  'task',
  'annotation',
  'status',
  'range',
  'day',
  'type',
  'title',
  'filters',
  'limit',
  'offset',
  'is_labeled',
];

/** Percent-encodes what Node refuses in a request target, keeping `%`, `/`, `\` and dots as hostile text. */
function rawText(text: string): string {
  return Array.from(text, (char) => {
    if (/[\x21-\x7e]/.test(char) && char !== '?' && char !== '#') return char;
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function pathValue(random: Random, name: string, ids: number[]): string {
  const numeric = name.includes('[0-9]');
  if (numeric && random.chance(0.8) && ids.length > 0) return String(random.pick(ids));
  if (numeric) return random.pick(['0', '999999999', '9'.repeat(30), '9007199254740993', '00001', '2147483648']);
  if (random.chance(0.3)) return random.pick(['delete_tasks', 'x.png', 'Figtree.woff2', '1', 'a']);
  return rawText(random.pick(hostilePathSegments));
}

function fillPath(random: Random, route: FuzzRoute, ids: number[]): string {
  let path = route.path.replace(/:([a-z_]+)(\{[^}]*\})?/gi, (_match, name: string, pattern?: string) =>
    pathValue(random, `${name}${pattern ?? ''}`, ids),
  );
  path = path.replace(/\*/g, () =>
    Array.from({ length: random.int(1, 3) }, () => rawText(random.pick(hostilePathSegments))).join('/'),
  );
  return random.chance(0.5) && !path.endsWith('/') ? `${path}/` : path;
}

function queryValue(random: Random, name: string, ids: number[]): string {
  if (name === 'query' || name === 'filters') {
    const filters = random.chance(0.8) ? toJsonText({ filters: brokenFilters(random) }) : hostileString(random);
    return rawText(random.chance(0.1) ? filters.slice(0, random.int(0, filters.length)) : filters);
  }
  if (random.chance(0.35) && ids.length > 0) return String(random.pick(ids));
  if (random.chance(0.05)) return random.pick(['%zz', '%', '%00', '%ED%A0%80']);
  const value = hostileValue(random);
  return rawText(typeof value === 'string' ? value : toJsonText(value));
}

function buildQuery(random: Random, route: FuzzRoute, ids: number[]): string {
  const pairs: string[] = [];
  const dataManager = /\/api\/(tasks|dm)/.test(route.path);
  if (dataManager && random.chance(0.7)) pairs.push(`project=${random.chance(0.8) ? random.pick(ids) : '-1'}`);
  if (dataManager && random.chance(0.5)) pairs.push(`query=${queryValue(random, 'query', ids)}`);
  if (route.path.includes('/dm/actions') && random.chance(0.6)) {
    pairs.push(`id=${random.pick(['delete_tasks', 'remove_duplicates', 'retrieve_tasks_predictions', 'nope', ''])}`);
  }
  const count = random.chance(0.4) ? 0 : random.int(1, 6);
  for (let index = 0; index < count; index += 1) {
    const name = random.chance(0.9) ? random.pick(QUERY_NAMES) : rawText(hostileString(random).slice(0, 100));
    const value = queryValue(random, name, ids);
    // Repeated parameters: Django's QueryDict keeps every value, `.get` the last.
    const times = random.chance(0.15) ? random.int(2, 5) : 1;
    for (let time = 0; time < times; time += 1) pairs.push(`${name}=${value}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function jsonBody(value: FuzzValue, kind: string, contentType = 'application/json'): BuiltBody {
  return { body: Buffer.from(toJsonText(value), 'utf8'), contentType, kind };
}

/** The route's valid body with some fields broken, removed or added. */
function brokenTemplate(random: Random, route: FuzzRoute, ids: number[]): FuzzValue {
  const template = bodyTemplate(route.path, ids);
  const target = Array.isArray(template) ? template[0] : template;
  if (target === null || typeof target !== 'object' || Array.isArray(target) || target instanceof RawJson)
    return template;
  const keys = Object.keys(target);
  for (let index = 0; index < random.int(1, 3); index += 1) {
    const key = keys.length > 0 && random.chance(0.8) ? random.pick(keys) : hostileKey(random);
    const roll = random.int(0, 9);
    if (roll === 0) delete target[key];
    else if (key === 'filters' || (key === 'data' && route.path.includes('/dm/')))
      target[key] = { filters: brokenFilters(random) };
    else if (roll === 1) target[key] = { filters: brokenFilters(random), ordering: hostileValue(random) };
    else target[key] = hostileValue(random);
  }
  return template;
}

function buildBody(random: Random, route: FuzzRoute, ids: number[]): BuiltBody | null {
  if (random.chance(0.004)) {
    return jsonBody({ title: 'x'.repeat(TEN_MEGABYTES), data: { text: 'y'.repeat(1000) } }, 'json-10MB');
  }
  const roll = random.int(0, 99);
  if (roll < 35) return jsonBody(brokenTemplate(random, route, ids), 'json-template');
  if (roll < 55) {
    const entries = Array.from({ length: random.int(0, 6) }, () => [hostileKey(random), hostileValue(random)]);
    return jsonBody(Object.fromEntries(entries) as FuzzValue, 'json-object');
  }
  if (roll < 62) return jsonBody(random.chance(0.3) ? DEEP_ARRAY : hostileValue(random), 'json-value');
  if (roll < 68) {
    const text = random.pick(['{"a":', '{"a":1}garbage', '\ufeff{}', "{'a': 1}", '{"a":NaN}', '[1,]', '\u0000']);
    return { body: Buffer.from(text, 'utf8'), contentType: 'application/json', kind: 'json-broken' };
  }
  if (roll < 70)
    return {
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      contentType: 'application/json',
      kind: 'json-bad-utf8',
    };
  if (roll < 75) {
    const pairs = Array.from(
      { length: random.int(1, 5) },
      () => `${rawText(hostileKey(random))}=${rawText(hostileString(random))}`,
    );
    return { body: Buffer.from(pairs.join('&')), contentType: 'application/x-www-form-urlencoded', kind: 'form' };
  }
  if (roll < 84) return multipartBody(random, false);
  if (roll < 91) return multipartBody(random, true);
  if (roll < 97) {
    const contentType = random.pick([
      'text/plain',
      'application/xml',
      'application/json; charset=utf-16',
      'application/x-evil',
      '',
      'text/csv',
      'application/problem+json',
      '*/*',
    ]);
    const text = random.pick([
      toJsonText(brokenTemplate(random, route, ids)),
      XML_BOMB,
      XML_EXTERNAL_ENTITY,
      'a,b\n1,2',
    ]);
    return { body: Buffer.from(text, 'utf8'), contentType, kind: 'wrong-content-type' };
  }
  return null;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function authorization(random: Random, token: string): Record<string, string> {
  const roll = random.int(0, 99);
  if (roll < 90) return { Authorization: `Token ${token}` };
  if (roll < 94) return {};
  if (roll < 96) return { Authorization: `Token ${'0'.repeat(40)}` };
  if (roll < 98) return { Authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' };
  return { Authorization: `Token ${rawText(hostileString(random).slice(0, 500))}` };
}

/** One hostile request to one route, built only from the random stream it is given. */
export function hostileRequest(random: Random, route: FuzzRoute, state: FuzzTarget): FuzzRequest {
  const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  const method = random.chance(0.9) ? random.pick(route.methods) : random.pick(otherMethods);
  const headers = authorization(random, state.token);
  const built = BODY_METHODS.has(method) && random.chance(0.95) ? buildBody(random, route, state.ids) : null;
  if (built?.contentType) headers['Content-Type'] = built.contentType;
  const target = `${fillPath(random, route, state.ids)}${buildQuery(random, route, state.ids)}`;
  return { method, target, headers, body: built?.body ?? null, bodyKind: built?.kind ?? 'none' };
}
