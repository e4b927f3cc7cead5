import { describe, expect, it } from 'vitest';
import { exampleTask, expectedDataKeys, fileHint } from '../../renderer/src/features/import/expectedDataKeys';

/*
 * The import page's hints come from the labeling config: the keys it reads (also those only an
 * unnamed tag shows, such as a Header's `$query`) and one example task in the shape each tag
 * reads, which is also the paste box's placeholder.
 */

const RANKER = `<View>
  <Header value="$query"/>
  <List name="results" value="$items" title="Results"/>
  <Ranker name="rank" toName="results"><Bucket name="good" title="Good"/></Ranker>
</View>`;

describe('import hints per config family', () => {
  it('Text: one key, a TXT line per task', () => {
    const config =
      '<View><Text name="t" value="$text"/><Choices name="c" toName="t"><Choice value="a"/></Choices></View>';
    expect(expectedDataKeys(config)).toEqual([{ key: 'text', tag: 'Text' }]);
    expect(exampleTask(config)).toEqual({ text: '…' });
    expect(fileHint(expectedDataKeys(config)!)).toMatch(/^Or a TXT file/);
  });

  it('Image: a URL per task, and an image file fills it', () => {
    const config =
      '<View><Image name="i" value="$photo"/><RectangleLabels name="b" toName="i"><Label value="a"/></RectangleLabels></View>';
    expect(expectedDataKeys(config)).toEqual([{ key: 'photo', tag: 'Image' }]);
    expect(exampleTask(config)).toEqual({ photo: 'https://example.com/photo-1.jpg' });
    expect(fileHint(expectedDataKeys(config)!)).toMatch(/^Or an image per task/);
  });

  it("List and Ranker: $items is a list of items, and the Header's $query is asked for too", () => {
    expect(expectedDataKeys(RANKER)).toEqual([
      { key: 'items', tag: 'List' },
      { key: 'query', tag: 'Header', optional: true },
    ]);
    const task = exampleTask(RANKER)!;
    expect(Object.keys(task)).toEqual(['query', 'items']);
    expect(task.items).toEqual([{ id: 1, title: '…', body: '…' }]);
    expect(JSON.stringify([task])).not.toContain('"results"');
    // An unnamed Header does not stop a single file from filling the one checked key.
    expect(
      fileHint(expectedDataKeys('<View><Header value="$title"/><Image name="i" value="$image"/></View>')!),
    ).toMatch(/^Or an image per task: each file becomes one task and fills image/);
  });

  it('HyperText and Audio', () => {
    const html =
      '<View><HyperText name="h" value="$page"/><Labels name="l" toName="h"><Label value="a"/></Labels></View>';
    expect(exampleTask(html)).toEqual({ page: '<p>…</p>' });
    expect(fileHint(expectedDataKeys(html)!)).toMatch(/^Or an HTML page per task/);
    const audio =
      '<View><Audio name="a" value="$audio"/><Choices name="c" toName="a"><Choice value="x"/></Choices></View>';
    expect(exampleTask(audio)).toEqual({ audio: 'https://example.com/recording-1.mp3' });
    expect(fileHint(expectedDataKeys(audio)!)).toMatch(/^Or an audio file per task/);
  });

  it('several keys: every key in one task, dialogue as utterances, no single-file hint', () => {
    const config = `<View>
      <Image name="i" value="$image"/>
      <Text name="t" value="$caption"/>
      <Paragraphs name="p" value="$dialogue" nameKey="speaker" textKey="line"/>
      <Choices name="c" toName="t" value="$options"/>
    </View>`;
    expect(expectedDataKeys(config)!.map((expected) => expected.key)).toEqual([
      'image',
      'caption',
      'dialogue',
      'options',
    ]);
    expect(exampleTask(config)).toEqual({
      image: 'https://example.com/photo-1.jpg',
      caption: '…',
      dialogue: [{ speaker: '…', line: '…' }],
      options: [{ value: '…' }],
    });
    expect(fileHint(expectedDataKeys(config)!)).toBeNull();
  });

  it('an unreadable config gives no hints', () => {
    expect(exampleTask('<View><Text')).toBeNull();
    expect(exampleTask('<View></View>')).toEqual({});
  });
});
