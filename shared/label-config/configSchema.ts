/**
 * The JSON Schema Label Studio checks label configs against (its `label_config_schema.json`,
 * draft-06), restated as data. Key order matters: jsonschema reports keywords in this order.
 */
export type Schema = { [keyword: string]: unknown };

const stringType = { type: 'string' };
const value = { anyOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'number' }] };
const valueRef = { $ref: '#/definitions/@value' };
const textRef = { $ref: '#/definitions/$' };
const maybeMultiple = (name: string) => ({
  anyOf: [{ type: 'array', items: { $ref: `#/definitions/${name}` } }, { $ref: `#/definitions/${name}` }],
});
const controlWithChildren = (child: string, childSchema: Schema) => ({
  type: 'object',
  anyOf: [
    { required: ['@name', '@toName', child] },
    { required: ['@name', '@toName', '@value'] },
    { required: ['@name', '@toName', 'View'] },
  ],
  properties: {
    '@name': { $ref: '#/definitions/@name' },
    '@toName': { $ref: '#/definitions/@toName' },
    '@value': valueRef,
    $: textRef,
    [child]: childSchema,
    View: { $ref: '#/definitions/MaybeMultipleView' },
  },
});
const objectTags = {
  Image: { $ref: '#/definitions/tags_with_value_required_name' },
  Text: { $ref: '#/definitions/tags_with_value_required_name' },
  HyperText: { $ref: '#/definitions/tags_with_value_required_name' },
};

const definitions: Record<string, Schema> = {
  $: stringType,
  '@name': stringType,
  '@toName': stringType,
  '@value': value,
  '@valueList': { anyOf: [{ type: 'string' }] },
  tag_with_value: { type: 'object', required: ['@value'], properties: { '@value': valueRef, $: textRef } },
  tag_with_name_and_toname: {
    type: 'object',
    oneOf: [{ required: ['@name', '@toName'] }],
    properties: { '@name': { $ref: '#/definitions/@name' }, '@toName': { $ref: '#/definitions/@toName' }, $: textRef },
  },
  tag_with_value_required_name: {
    type: 'object',
    oneOf: [{ required: ['@name', '@value'] }, { required: ['@name', '@valueList'] }],
    properties: { '@value': valueRef, $: textRef },
  },
  tags_with_value_required_name: maybeMultiple('tag_with_value_required_name'),
  // Unlike the others, the single form comes first here.
  tags_with_name_and_toname: {
    anyOf: [
      { $ref: '#/definitions/tag_with_name_and_toname' },
      { type: 'array', items: { $ref: '#/definitions/tag_with_name_and_toname' } },
    ],
  },
  View: {
    type: 'object',
    additionalProperties: true,
    properties: {
      Labels: { $ref: '#/definitions/MaybeMultipleLabels' },
      Choices: { $ref: '#/definitions/MaybeMultipleChoices' },
      Label: { $ref: '#/definitions/MaybeMultipleLabel' },
      Choice: { $ref: '#/definitions/MaybeMultipleChoice' },
      ...objectTags,
      View: { $ref: '#/definitions/MaybeMultipleView' },
      TextArea: { $ref: '#/definitions/MaybeMultipleTextAreas' },
      Number: { $ref: '#/definitions/tags_with_name_and_toname' },
    },
  },
  MaybeMultipleView: maybeMultiple('View'),
  Choice: { $ref: '#/definitions/tag_with_value' },
  MaybeMultipleChoice: maybeMultiple('Choice'),
  Label: { $ref: '#/definitions/tag_with_value' },
  MaybeMultipleLabel: maybeMultiple('Label'),
  Choices: controlWithChildren('Choice', { type: 'array', items: { $ref: '#/definitions/Choice' } }),
  MaybeMultipleChoices: maybeMultiple('Choices'),
  Labels: controlWithChildren('Label', { $ref: '#/definitions/MaybeMultipleLabel' }),
  MaybeMultipleLabels: maybeMultiple('Labels'),
  TextArea: {
    type: 'object',
    anyOf: [{ required: ['@name', '@toName'] }],
    properties: { '@name': { $ref: '#/definitions/@name' }, '@toName': { $ref: '#/definitions/@toName' }, $: textRef },
  },
  MaybeMultipleTextAreas: maybeMultiple('TextArea'),
};

export const LABEL_CONFIG_SCHEMA: Schema = {
  type: 'object',
  properties: {
    View: {
      type: 'object',
      additionalProperties: true,
      properties: {
        Choices: { $ref: '#/definitions/MaybeMultipleChoices' },
        Labels: { $ref: '#/definitions/MaybeMultipleLabels' },
        View: { $ref: '#/definitions/MaybeMultipleView' },
        ...objectTags,
        TextArea: { $ref: '#/definitions/MaybeMultipleTextAreas' },
        Number: { $ref: '#/definitions/tags_with_name_and_toname' },
      },
    },
  },
};

export function resolveSchemaRef(ref: string): Schema {
  const name = ref.replace('#/definitions/', '');
  const schema = definitions[name];
  if (!schema) throw new Error(`Unknown schema reference ${ref}`);
  return schema;
}
