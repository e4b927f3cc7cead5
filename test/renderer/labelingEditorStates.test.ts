import { describe, expect, it } from 'vitest';
import type { AnnotationWire } from '../../renderer/src/api/labeling.js';
import { annotationWire, author } from '../helpers/labelingWire.js';
import {
  configReadiness,
  newerEditorSentence,
  tagList,
  tagReason,
  unsupportedSentence,
} from '../../renderer/src/features/labeling/configReadiness.js';
import {
  DEFAULT_EDITOR_LOAD_TIMEOUT_MS,
  editorLoadTimeoutMs,
  readableEditorError,
  secondsText,
} from '../../renderer/src/features/labeling/editorLoad.js';
import { parseParentMessage, themeFromAddress } from '../../renderer/src/features/labeling/protocol.js';
import { mySkip } from '../../renderer/src/features/labeling/skippedTask.js';

describe('whether the bundled editor can label with a config', () => {
  it('is ready for a config with controls it knows', () => {
    expect(configReadiness('<View><Text name="t" value="$t"/><Choices name="c" toName="t"/></View>')).toEqual({
      kind: 'ready',
    });
  });

  it('tells a newer Label Studio tag from a tag Label Studio does not have', () => {
    const config = '<View><Video name="v" value="$v"/><VideoRectangle name="b" toName="v"/><Fancy/></View>';
    const readiness = configReadiness(config);
    expect(readiness).toEqual({
      kind: 'unsupported',
      tags: [
        { name: 'VideoRectangle', reason: 'missing' },
        { name: 'Fancy', reason: 'unknown' },
      ],
    });
    expect(readiness.kind === 'unsupported' && unsupportedSentence(readiness.tags)).toBe(
      'The bundled editor (Label Studio 1.4.0) cannot show this config: it needs a newer editor, one with ' +
        'VideoRectangle, and Fancy is not a Label Studio tag.',
    );
  });

  it('says a Ranker config needs a newer editor and names every tag the bundled one lacks', () => {
    const config = `<View>
  <List name="results" value="$items" title="Search results"/>
  <Ranker name="rank" toName="results"><Bucket name="relevant" title="Relevant"/></Ranker>
</View>`;
    const readiness = configReadiness(config);
    expect(readiness).toEqual({
      kind: 'unsupported',
      tags: [
        { name: 'List', reason: 'outdated' },
        { name: 'Ranker', reason: 'outdated' },
        { name: 'Bucket', reason: 'missing' },
      ],
    });
    if (readiness.kind !== 'unsupported') return;
    expect(newerEditorSentence(readiness.tags)).toBe(
      'This project needs a newer editor: the bundled editor (Label Studio 1.4.0) lacks List, Ranker and Bucket.',
    );
    expect(unsupportedSentence(readiness.tags)).toBe(
      'The bundled editor (Label Studio 1.4.0) cannot show this config: it needs a newer editor, one with ' +
        'List, Ranker and Bucket.',
    );
    expect(readiness.tags.map((tag) => tagReason(tag))).toEqual([
      'changed in Label Studio after the 1.4.0 editor',
      'changed in Label Studio after the 1.4.0 editor',
      'added to Label Studio after the 1.4.0 editor',
    ]);
    // Made-up tags alone need no newer editor: no editor has them.
    const madeUp = configReadiness('<View><Fancy/></View>');
    expect(madeUp.kind === 'unsupported' && newerEditorSentence(madeUp.tags)).toBeNull();
  });

  it('finds no config, and a config with nothing to label with', () => {
    expect(configReadiness('<View></View>')).toEqual({ kind: 'empty' });
    expect(configReadiness('<View/>')).toEqual({ kind: 'empty' });
    expect(configReadiness('  ')).toEqual({ kind: 'empty' });
    expect(configReadiness('<View><Header value="Read"/><Text name="t" value="$t"/></View>')).toEqual({
      kind: 'noControls',
    });
  });

  it('lists names in a sentence', () => {
    expect(tagList([])).toBe('');
    expect(tagList(['A'])).toBe('A');
    expect(tagList(['A', 'B', 'C'])).toBe('A, B and C');
  });
});

describe('the wait for the editor and its errors', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('waits ten seconds unless a positive whole number of milliseconds is stored', () => {
    expect(DEFAULT_EDITOR_LOAD_TIMEOUT_MS).toBe(10_000);
    expect(editorLoadTimeoutMs(null)).toBe(10_000);
    expect(editorLoadTimeoutMs(storage('1500'))).toBe(1500);
    for (const bad of ['0', '-5', '1.5', 'soon', '']) expect(editorLoadTimeoutMs(storage(bad))).toBe(10_000);
    const failing = {
      getItem: () => {
        throw new Error('storage is disabled');
      },
    };
    expect(editorLoadTimeoutMs(failing)).toBe(10_000);
    expect(secondsText(10_000)).toBe('10 seconds');
    expect(secondsText(1500)).toBe('1.5 seconds');
    expect(secondsText(1000)).toBe('1 second');
  });

  it("keeps the first line of the editor's error, and says its missing-tag error plainly", () => {
    expect(readableEditorError('No model registered for tag: videorectangle\nAvailable models:\n\taudio')).toBe(
      'The editor has no “videorectangle” tag.',
    );
    expect(readableEditorError('  The labeling editor could not be loaded.  ')).toBe(
      'The labeling editor could not be loaded.',
    );
    expect(readableEditorError('')).toBe('The editor stopped without saying why.');
    expect(readableEditorError('x'.repeat(400))).toHaveLength(300);
  });
});

describe('the theme of the editor frame', () => {
  it('reads the theme from the frame address and from the page message', () => {
    expect(themeFromAddress('?theme=dark')).toBe('dark');
    expect(themeFromAddress('?theme=light')).toBe('light');
    expect(themeFromAddress('?theme=neon')).toBe('light');
    expect(themeFromAddress('')).toBe('light');
    expect(parseParentMessage({ type: 'theme', theme: 'dark' })).toEqual({ type: 'theme', theme: 'dark' });
    expect(parseParentMessage({ type: 'theme', theme: 'sepia' })).toBeNull();
  });
});

describe('my skip of a task', () => {
  const annotation = (id: number, by: number, cancelled: boolean, at: string): AnnotationWire =>
    annotationWire({
      id,
      completed_by: author(by),
      was_cancelled: cancelled,
      created_at: at,
      updated_at: at,
      lead_time: 1,
    });

  it('is my latest skip while I have no real annotation on the task', () => {
    const skips = [
      annotation(1, 7, true, '2026-01-02T10:00:00.000000Z'),
      annotation(2, 7, true, '2026-01-05T09:30:00.000000Z'),
      annotation(3, 8, false, '2026-01-06T09:30:00.000000Z'),
    ];
    expect(mySkip({ annotations: skips }, 7)).toEqual(new Date('2026-01-05T09:30:00.000Z'));
    // Someone else's skip is not mine; my annotation after a skip ends it.
    expect(mySkip({ annotations: skips }, 8)).toBeNull();
    expect(mySkip({ annotations: [...skips, annotation(4, 7, false, '2026-01-07T00:00:00Z')] }, 7)).toBeNull();
    expect(mySkip({ annotations: [] }, 7)).toBeNull();
  });
});
