import { describe, expect, it } from 'vitest';
import { EXAMPLES_BY_NAME, EXAMPLES_BY_TAG } from './sampleExamples.js';
import { generateSampleTask, readSampleTaskFromConfigComment } from './sampleTask.js';
import { parseXml } from './xml.js';

const sample = (config: string) => generateSampleTask(parseXml(config));

function decodeDataUri(uri: unknown): { mediaType: string; text: string } {
  const match = /^data:([^;,]+)(?:;charset=utf-8)?,(.*)$/s.exec(String(uri));
  if (!match) throw new Error(`not a text data URI: ${String(uri).slice(0, 40)}`);
  return { mediaType: match[1]!, text: decodeURIComponent(match[2]!) };
}

describe('generateSampleTask: Label Studio rules with offline examples', () => {
  it('returns {} for a config without $variables', () => {
    expect(sample('<View></View>')).toEqual({});
    expect(sample('<View><Header value="Static title"/><Text name="t" value="plain"/></View>')).toEqual({});
  });

  it('skips values that do not start with $, even with a variable inside', () => {
    expect(sample('<View><Image name="i" value="http://host/$id.jpg"/></View>')).toEqual({});
  });

  it('uses the example registered for the variable name before the tag example', () => {
    const task = sample('<View><Image name="scan" value="$ocr"/><Image name="photo" value="$photo"/></View>');
    expect(task.ocr).toBe(EXAMPLES_BY_NAME.$ocr);
    expect(task.photo).toBe(EXAMPLES_BY_TAG.Image);
    expect(task.ocr).not.toBe(task.photo);
  });

  it('falls back to the tag type, and to "Something" for tags without an example', () => {
    const task = sample(
      '<View><Text name="t" value="$text"/><Audio name="a" value="$audio"/><Header value="$title"/>' +
        '<Table name="tb" value="$row"/><Video name="v" value="$clip"/><Foo name="f" value="$other"/></View>',
    );
    expect(task).toEqual({
      text: EXAMPLES_BY_TAG.TextRaw,
      audio: EXAMPLES_BY_TAG.Audio,
      title: 'Sample header',
      row: EXAMPLES_BY_TAG.Table,
      clip: EXAMPLES_BY_TAG.Video,
      other: 'Something',
    });
    expect(String(task.audio)).toMatch(/^data:audio\/wav;base64,UklGR/);
  });

  it('inlines url-typed Text and HyperText as data URIs instead of server URLs', () => {
    const task = sample(
      '<View><Text name="t" value="$doc" valueType="url"/><HyperText name="h" value="$page" valuetype="url"/>' +
        '<HyperText name="h2" value="$snippet"/></View>',
    );
    expect(decodeDataUri(task.doc)).toEqual({ mediaType: 'text/plain', text: EXAMPLES_BY_TAG.TextRaw });
    expect(decodeDataUri(task.page)).toEqual({ mediaType: 'text/html', text: EXAMPLES_BY_TAG.HyperText });
    expect(task.snippet).toBe(EXAMPLES_BY_TAG.HyperText);
  });

  it('gives a HyperText named video the embedded video player', () => {
    expect(sample('<View><HyperText name="h" value="$video"/></View>').video).toBe(EXAMPLES_BY_TAG.VideoHack);
  });

  it('builds Paragraphs with the default keys, nameKey/textKey, or as a JSON data URI for valueType url', () => {
    const plain = sample('<View><Paragraphs name="p" value="$chat"/></View>').chat as Record<string, string>[];
    expect(plain.length).toBeGreaterThan(2);
    expect(Object.keys(plain[0]!)).toEqual(['author', 'text']);

    const keyed = sample('<View><Paragraphs name="p" value="$chat" nameKey="role" textkey="content"/></View>');
    const items = keyed.chat as Record<string, string>[];
    expect(Object.keys(items[0]!)).toEqual(['role', 'content']);
    expect(items.map((item) => item.content)).toEqual(plain.map((item) => item.text));

    const byUrl = sample('<View><Paragraphs name="p" value="$chat" valueType="url" nameKey="who"/></View>');
    const decoded = decodeDataUri(byUrl.chat);
    expect(decoded.mediaType).toBe('application/json');
    expect(Object.keys((JSON.parse(decoded.text) as object[])[0]!)).toEqual(['who', 'text']);
  });

  it('generates a JSON TimeSeries with the time column and one column per Channel', () => {
    const task = sample(
      '<View><TimeSeries name="ts" value="$ts" valueType="json" timeColumn="time">' +
        '<Channel column="temp"/><Channel column="humidity"/><Channel legend="no column"/></TimeSeries></View>',
    );
    const series = task.ts as Record<string, number[]>;
    expect(Object.keys(series)).toEqual(['time', 'temp', 'humidity']);
    expect(series.time).toEqual(Array.from({ length: 100 }, (_, index) => index));
    expect(series.temp).toHaveLength(100);
    expect(series.temp!.every((value) => typeof value === 'number')).toBe(true);
    expect(series.temp).not.toEqual(series.humidity);
    // Deterministic: the same config gives the same sample.
    expect(
      sample(
        '<View><TimeSeries name="ts" value="$ts" valueType="json" timeColumn="time"><Channel column="temp"/></TimeSeries></View>',
      ).ts,
    ).toEqual({ time: series.time, temp: series.temp });
  });

  it('formats TimeSeries times with timeFormat, stepping by its smallest unit and stopping when it cycles', () => {
    const daily = sample(
      '<View><TimeSeries name="ts" value="$ts" valueType="json" timeColumn="day" timeFormat="%Y-%m-%d"><Channel column="v"/></TimeSeries></View>',
    ).ts as Record<string, string[]>;
    expect(daily.day!.slice(0, 3)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
    expect(daily.day).toHaveLength(100);

    const monthly = sample(
      '<View><TimeSeries name="ts" value="$ts" valueType="json" timeColumn="m" timeFormat="%m"><Channel column="v"/></TimeSeries></View>',
    ).ts as Record<string, string[]>;
    expect(monthly.m).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(monthly.v).toHaveLength(12);

    const javaStyle = sample(
      '<View><TimeSeries name="ts" value="$ts" valueType="json" timeColumn="d" timeFormat="yyyy-MM-dd"><Channel column="v"/></TimeSeries></View>',
    ).ts as Record<string, string[]>;
    expect(javaStyle.d![1]).toBe('2020-01-02');
  });

  it('gives a TimeSeries without valueType (a URL by default) an inline CSV that honours sep', () => {
    const task = sample(
      '<View><TimeSeries name="ts" value="$csv" timeColumn="t" sep=";"><Channel column="a"/><Channel column="b"/></TimeSeries></View>',
    );
    const { mediaType, text } = decodeDataUri(task.csv);
    expect(mediaType).toBe('text/csv');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('t;a;b');
    expect(lines).toHaveLength(101);
    expect(lines[1]!.split(';')[0]).toBe('0');
  });

  it('gives dynamic Labels and Choices (value="$var") label lists, nested with allowNested', () => {
    const task = sample(
      '<View><Text name="t" value="$text"/><Labels name="l" toName="t" value="$labels"/>' +
        '<Choices name="c" toName="t" value="$options"/><Choices name="n" toName="t" value="$tree" allowNested="true"/>' +
        '<RectangleLabels name="r" toName="t" value="$boxes"/></View>',
    );
    expect(task.labels).toEqual(EXAMPLES_BY_TAG.Labels);
    expect(task.boxes).toEqual(EXAMPLES_BY_TAG.Labels);
    expect(task.options).toEqual(EXAMPLES_BY_TAG.Choices);
    expect(task.tree).toEqual(EXAMPLES_BY_TAG.NestedChoices);
  });

  it('gives List its item list', () => {
    const items = sample('<View><List name="results" value="$results"/></View>').results as object[];
    expect(items[0]).toEqual(expect.objectContaining({ id: 1, title: expect.any(String), body: expect.any(String) }));
  });

  it('wraps valueList examples in a list, by tag and by name', () => {
    const task = sample('<View><Image name="pages" valueList="$pages"/><Image name="scans" valueList="$ocr"/></View>');
    expect(task.pages).toEqual([EXAMPLES_BY_TAG.Image]);
    expect(task.ocr).toEqual([EXAMPLES_BY_NAME.$ocr]);
  });

  it('expands Repeater keys into a list of two, merging keys of the same list', () => {
    const task = sample(
      '<View><Repeater on="$images"><Header value="$images[{{idx}}].caption"/>' +
        '<Image name="img_{{idx}}" value="$images[{{idx}}].url"/></Repeater>' +
        '<Repeater on="$notes"><Text name="n_{{idx}}" value="$notes[{{idx}}]"/></Repeater></View>',
    );
    expect(task).toEqual({
      images: [
        { caption: 'Sample header', url: EXAMPLES_BY_TAG.Image },
        { caption: 'Sample header', url: EXAMPLES_BY_TAG.Image },
      ],
      notes: [EXAMPLES_BY_TAG.TextRaw, EXAMPLES_BY_TAG.TextRaw],
    });
  });

  it('uses only inline or relative media: no internet URLs in any example', () => {
    // Percent-decode byte by byte so URIs nested in HTML are read too; a literal "%" stays as is.
    const decoded = JSON.stringify({ ...EXAMPLES_BY_NAME, ...EXAMPLES_BY_TAG }).replace(/%[0-9A-F]{2}/gi, (escape) =>
      String.fromCharCode(parseInt(escape.slice(1), 16)),
    );
    expect(decoded).toContain('<svg xmlns=');
    expect(decoded.replaceAll('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|\/\/[a-z]/i);
  });
});

describe('readSampleTaskFromConfigComment', () => {
  it('reads {"data": ...} or a bare object from the first <!-- { comment', () => {
    expect(readSampleTaskFromConfigComment('<View/>\n<!-- {"data": {"text": "Hi"}} -->')).toEqual({ text: 'Hi' });
    expect(readSampleTaskFromConfigComment('<View/><!--{"image": "a.png"}-->')).toEqual({ image: 'a.png' });
  });

  it('ignores comments that are not JSON objects, or that carry results but no data', () => {
    expect(readSampleTaskFromConfigComment('<View/>')).toBeNull();
    expect(readSampleTaskFromConfigComment('<View/><!-- { not json } -->')).toBeNull();
    expect(readSampleTaskFromConfigComment('<View/><!-- {"predictions": []} -->')).toBeNull();
    expect(readSampleTaskFromConfigComment('<View/><!-- {"data": "text"} -->')).toBeNull();
    expect(readSampleTaskFromConfigComment('<View/><!-- plain note -->')).toBeNull();
  });
});
