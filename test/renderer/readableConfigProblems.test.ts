import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableConfigProblem } from '../../renderer/src/features/settings/readableConfigProblem';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/testApp.js';

/*
 * The config editor's words for Label Studio's refusals. Each case asks the real validation
 * endpoint for its text first (so the family is one the server really sends), then checks that the
 * editor says what is wrong and where, without the raw wording.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.db.close());

async function refusal(config: string): Promise<string> {
  const response = await app.postJson(
    '/api/projects/validate/',
    { label_config: config },
    { Authorization: `Token ${TEST_TOKEN}` },
  );
  expect(response.status).toBe(400);
  const body = (await response.json()) as { label_config: string[] };
  return body.label_config[0]!;
}

async function readable(config: string) {
  const raw = await refusal(config);
  return { raw, ...readableConfigProblem(raw, config) };
}

describe('config problems in words', () => {
  it('a <Choices> without a <Choice> names the tag and its line', async () => {
    const config = '<View>\n  <Text name="t" value="$text"/>\n  <Choices name="c" toName="t"></Choices>\n</View>';
    const problem = await readable(config);
    expect(problem.raw).toBe("Validation failed on : 'Choice' is a required property");
    expect(problem).toMatchObject({
      message: 'A <Choices> tag needs at least one <Choice> inside it.',
      line: 3,
      column: 3,
    });
  });

  it('a missing attribute says which one, for which tag', async () => {
    const value = await readable(
      '<View>\n<Text name="t" value="$text"/>\n<Choices name="c" toName="t"><Choice/></Choices></View>',
    );
    expect(value.raw).toBe("Validation failed on Choice/0: 'value' is a required property");
    expect(value.message).toBe('A <Choice> tag needs a value="…" (such as value="$text", the task data it shows).');
    expect(value.line).toBe(3);
    const name = await readable(
      '<View><Text value="$text"/><Choices name="c" toName="t"><Choice value="a"/></Choices></View>',
    );
    expect(name.raw).toMatch(/'name' is a required property/);
    expect(name.message).toBe('A <Text> tag needs a name="…" that is unique in the config.');
  });

  it('a toName that names no tag says so and lists the names there are', async () => {
    const config =
      '<View><Text name="t" value="$x"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>';
    const problem = await readable(config);
    expect(problem.raw).toBe("toName=\"text\" not found in names: ['c', 't']");
    expect(problem.message).toBe(
      'toName="text" points to no tag: no tag is named "text". The names in the config are "c" and "t".',
    );
    expect(problem.line).toBe(1);
  });

  it('two tags with one name', async () => {
    const config = '<View>\n<Text name="t" value="$x"/>\n<Text name="t" value="$y"/></View>';
    const problem = await readable(config);
    expect(problem.raw).toBe('Label config contains non-unique names');
    expect(problem).toMatchObject({
      message: 'Two tags are named "t": every name="…" in the config must be different.',
      line: 3,
    });
  });

  it('XML errors give the line and a column counted from 1, and what is wrong', async () => {
    const config =
      '<View>\n  <Text name="t" value="$x"/>\n  <Choices name="c" toName="t">\n    <Choice value="a"/>\n</View>';
    const mismatched = await readable(config);
    expect(mismatched.raw).toBe('mismatched tag: line 5, column 2');
    expect(mismatched).toMatchObject({
      message:
        'Line 5, column 3: the closing tag </View> does not match the tag opened last; close the inner tag first.',
      line: 5,
      column: 3,
    });
    const unclosed = await readable('<View>\n<Text name="t" value="$x"');
    expect(unclosed.raw).toMatch(/^unclosed token: line 2, column 0$/);
    expect(unclosed.message).toBe('Line 2, column 1: this tag is never finished: its closing > is missing.');
    const junk = await readable('<View></View>\n<View></View>');
    expect(junk.message).toMatch(/^Line 2, column 1: there is something after the closing tag/);
    const entity = await readable('<View><Header value="a & b"/></View>');
    expect(entity.message).toMatch(/^Line 1, column \d+: XML does not allow this character here/);
    const open = await readable('<View>\n<Text name="t" value="$x"/>');
    expect(open.raw).toBe('no element found: line 2, column 27');
    expect(open.message).toBe('Line 2, column 28: the config ends before every tag is closed.');
    // The server refuses a blank config in DRF's words before parsing; the editor's own check says it too.
    expect(readableConfigProblem('no element found: line 1, column 2', '  ').message).toBe(
      'The config is empty: it needs at least a <View> tag.',
    );
  });

  it('a value that is not text, and a DOCTYPE', async () => {
    const number = await readable(
      '<View><Text name="t" value="$x"/>\n<Choices name="1" toName="t"><Choice value="a"/></Choices></View>',
    );
    expect(number.raw).toBe("Validation failed on @name: 1 is not of type 'string'");
    expect(number).toMatchObject({
      message: 'name="1" reads as a number, and name must be text: use a name that starts with a letter.',
      line: 2,
    });
    const empty = await readable('<View><Text name="text" value=""/></View>');
    expect(empty.message).toBe('value="" is empty, and value must be text: fill it in.');
    const dtd = await readable('<!DOCTYPE View [<!ENTITY x "y">]><View/>');
    expect(dtd.raw).toMatch(/^DTDForbidden/);
    expect(dtd.message).toMatch(/^A config may not have a <!DOCTYPE …> declaration/);
  });

  it('never shows the raw wording of these families', async () => {
    const configs = [
      '<View><Choices name="c" toName="t"></Choices><Text name="t" value="$x"/></View>',
      '<View><Text name="t" value="$x"/><Choices name="c" toName="q"><Choice value="a"/></Choices></View>',
      '<View><a></b></View>',
    ];
    for (const config of configs) {
      const problem = await readable(config);
      expect(problem.message).not.toMatch(/Validation failed|names: \[|mismatched tag|line \d+, column \d+$/);
    }
  });
});
