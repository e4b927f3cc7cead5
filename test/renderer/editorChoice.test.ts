import { describe, expect, it } from 'vitest';
import type { ProjectEditor } from '../../shared/api/editor.js';
import {
  configReadiness,
  tagReason,
  unsupportedNextSteps,
  unsupportedSentence,
} from '../../renderer/src/features/labeling/configReadiness.js';
import {
  BUNDLED_EDITOR,
  bundledInstead,
  bundledWhenUnknown,
  editorCaption,
  editorName,
  editorSubject,
  sourceName,
} from '../../renderer/src/features/labeling/editorChoice.js';
import { unsupportedTags } from '../../renderer/src/features/labeling/editorTags.js';

/** A remote's cached 1.22 editor: its tags as it registers them (no Chat, no Repeater in 1.22). */
const CACHED: ProjectEditor = {
  kind: 'cached',
  key: '1.22.0-6b5d8e4',
  version: '1.22.0',
  source: 'https://ls.example.org/',
  tags: [...BUNDLED_EDITOR.tags, 'datetime', 'videorectangle', 'timelinelabels', 'bucket', 'pdf'],
  notice: null,
};

const DATETIME_CONFIG =
  '<View><Text name="t" value="$t"/><DateTime name="when" toName="t" only="date"/><Chat name="c"/><Fancy/></View>';

describe('which editor labels, in words', () => {
  it('names the bundled editor and a cached one by its version and server', () => {
    expect(editorCaption(BUNDLED_EDITOR)).toBe('Bundled editor 1.4.0');
    expect(editorName(BUNDLED_EDITOR)).toBe('bundled editor 1.4.0');
    expect(editorSubject(BUNDLED_EDITOR)).toBe('The bundled editor (Label Studio 1.4.0)');
    expect(editorCaption(CACHED)).toBe('Label Studio 1.22.0 editor, from ls.example.org');
    expect(editorSubject(CACHED)).toBe('The Label Studio 1.22.0 editor from ls.example.org');
    expect(editorCaption({ ...CACHED, source: null })).toBe('Label Studio 1.22.0 editor');
  });

  it('shortens a source to its host, and keeps one that is no URL as it is', () => {
    expect(sourceName('http://10.0.0.5:8080/label-studio')).toBe('10.0.0.5:8080');
    expect(sourceName('Team server')).toBe('Team server');
    expect(sourceName(null)).toBeNull();
  });

  it('falls back to the bundled editor with a notice saying why', () => {
    const instead = bundledInstead(CACHED, 'Its file 853.js did not load.\n(more)');
    expect(instead).toMatchObject({ kind: 'bundled', key: null, version: '1.4.0', tags: BUNDLED_EDITOR.tags });
    expect(instead.notice).toBe(
      'The Label Studio 1.22.0 editor from ls.example.org could not be loaded: its file 853.js did not load. ' +
        'The bundled editor (Label Studio 1.4.0) labels instead.',
    );
    expect(bundledWhenUnknown(new Error('Not found')).notice).toBe(
      'Which editor labels this project could not be read: not found. The bundled editor (Label Studio 1.4.0) labels.',
    );
  });
});

describe('the tags an editor can show', () => {
  it('checks a config against the editor’s own tags', () => {
    expect(unsupportedTags(DATETIME_CONFIG, BUNDLED_EDITOR.tags)).toEqual(['DateTime', 'Chat', 'Fancy']);
    expect(unsupportedTags(DATETIME_CONFIG, CACHED.tags)).toEqual(['Chat', 'Fancy']);
    expect(
      configReadiness('<View><Text name="t" value="$t"/><DateTime name="d" toName="t"/></View>', CACHED.tags),
    ).toEqual({ kind: 'ready' });
  });

  it('names the editor and what to do in the unsupported message', () => {
    const bundled = configReadiness(DATETIME_CONFIG);
    expect(bundled.kind === 'unsupported' && unsupportedSentence(bundled.tags)).toBe(
      'The bundled editor (Label Studio 1.4.0) cannot show this config: it needs a newer editor, one with ' +
        'DateTime and Chat, and Fancy is not a Label Studio tag.',
    );
    expect(unsupportedNextSteps(BUNDLED_EDITOR)).toMatch(/sync with your team's Label Studio to get its editor/);

    const cached = configReadiness(DATETIME_CONFIG, CACHED.tags);
    expect(cached).toEqual({
      kind: 'unsupported',
      tags: [
        { name: 'Chat', reason: 'missing' },
        { name: 'Fancy', reason: 'unknown' },
      ],
    });
    expect(cached.kind === 'unsupported' && unsupportedSentence(cached.tags, CACHED)).toBe(
      'The Label Studio 1.22.0 editor from ls.example.org cannot show this config: it needs a newer editor, ' +
        'one with Chat, and Fancy is not a Label Studio tag.',
    );
    expect(tagReason({ name: 'Chat', reason: 'missing' }, CACHED)).toBe("not in Label Studio 1.22.0's editor");
    expect(unsupportedNextSteps(CACHED)).toBe('Edit the config to use tags this editor knows.');
  });
});
