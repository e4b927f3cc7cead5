import type { FuzzValue } from './hostileValues.js';

export const LABEL_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="a"/><Choice value="b"/></Choices></View>';

export const CHOICE_RESULT: FuzzValue = [
  { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['a'] } },
];

/**
 * A valid body per kind of endpoint, matched on the route's path. The fuzzer breaks one or more of
 * their fields, so most hostile values pass the first checks and reach the code behind them.
 */
const TEMPLATES: [RegExp, (ids: number[]) => FuzzValue][] = [
  [/validate$/, () => ({ label_config: LABEL_CONFIG })],
  [/\/import\/predictions$/, (ids) => [{ task: ids[0] ?? 1, result: CHOICE_RESULT, score: 0.5 }]],
  [/\/(re)?import$/, (): FuzzValue => [{ text: 'imported' }, { data: { text: 'nested' } }]],
  [/\/api\/projects(\/:id[^/]*)?$/, () => ({ title: 'fuzz', label_config: LABEL_CONFIG, maximum_annotations: 1 })],
  [/annotations$|annotations\/:id[^/]*$/, () => ({ result: CHOICE_RESULT, lead_time: 1.5, was_cancelled: false })],
  [/drafts$|drafts\/:id[^/]*$/, () => ({ result: CHOICE_RESULT, lead_time: 1 })],
  [
    /predictions(\/:id[^/]*)?$/,
    (ids) => ({ task: ids[0] ?? 1, result: CHOICE_RESULT, score: 0.9, model_version: 'v1' }),
  ],
  [/\/api\/tasks(\/:id[^/]*)?$/, (ids) => ({ project: ids[0] ?? 1, data: { text: 'task' }, meta: {} })],
  [
    /\/dm\/views/,
    (ids) => ({
      project: ids[0] ?? 1,
      data: {
        title: 'view',
        filters: { conjunction: 'and', items: [] },
        ordering: ['tasks:id'],
        hiddenColumns: { explore: [], labeling: [] },
      },
      ids: [],
    }),
  ],
  [/\/dm\/actions/, (ids) => ({ project: ids[0] ?? 1, selectedItems: { all: true, excluded: [] } })],
  [/\/api\/ml/, (ids) => ({ project: ids[0] ?? 1, url: 'http://127.0.0.1:1/', title: 'model', is_interactive: false })],
  [
    /\/api\/storages/,
    (ids) => ({ project: ids[0] ?? 1, title: 's', path: '/tmp', bucket: 'b', prefix: '', use_blob_urls: true }),
  ],
  [/remotes/, () => ({ url: 'http://127.0.0.1:1', token: '0'.repeat(40), name: 'remote', projects: [1] })],
  [/exports$/, () => ({ title: 'snap', task_filter_options: { only_with_annotations: false } })],
  [/convert$/, () => ({ export_type: 'CSV' })],
  [/\/token\/(refresh|blacklist|rotate)$/, () => ({ refresh: 'not.a.jwt' })],
  [/jwt\/settings$/, () => ({ api_tokens_enabled: true, legacy_api_tokens_enabled: true })],
  [/conflicts/, () => ({ resolution: 'keep_local' })],
  [/editor$/, () => ({ editor: 'bundled' })],
  [/local-model$/, () => ({ enabled: true })],
];

export function bodyTemplate(routePath: string, ids: number[]): FuzzValue {
  for (const [pattern, build] of TEMPLATES) if (pattern.test(routePath)) return build(ids);
  return {};
}
