/**
 * Whether an editor (the bundled one, or a remote's cached one) can label with a config, decided
 * before it loads: a config it cannot render would otherwise leave it hanging. Pure, for unit tests.
 */
import { BUNDLED_EDITOR_TAGS, type ProjectEditor } from '../../../shared/api/editor';
import { isControlElement } from '../../../shared/label-config/parseLabelConfig';
import { TAGS } from '../../../shared/label-config/tags';
import { parseXml } from '../../../shared/label-config/xml';
import { iterateElements } from '../../../shared/label-config/xmlTree';
import { BUNDLED_EDITOR, editorSubject } from './editorChoice';
import { unsupportedTags } from './editorTags';

export interface UnsupportedTag {
  name: string;
  /**
   * `missing`: a tag of today's Label Studio that this editor lacks (the bundled 1.4.0 predates
   * it); `unknown`: no Label Studio tag at all.
   */
  reason: 'missing' | 'unknown';
}

export type ConfigReadiness =
  | { kind: 'ready' }
  /** No tags at all inside the root view (a new project's `<View></View>`). */
  | { kind: 'empty' }
  /** It shows data but has no control (Choices, Labels, …) to label it with. */
  | { kind: 'noControls' }
  | { kind: 'unsupported'; tags: UnsupportedTag[] };

const KNOWN_TAGS = new Map(Object.keys(TAGS).map((name) => [name.toLowerCase(), name]));

/** `tags`: the lower-case tag names the editor registers (`ProjectEditor.tags`). */
export function configReadiness(config: string, tags: readonly string[] = BUNDLED_EDITOR_TAGS): ConfigReadiness {
  const missing = unsupportedTags(config, tags);
  if (missing.length > 0) {
    return {
      kind: 'unsupported',
      tags: missing.map((name) => ({ name, reason: KNOWN_TAGS.has(name.toLowerCase()) ? 'missing' : 'unknown' })),
    };
  }
  let elements: ReturnType<typeof parseXml>[];
  try {
    elements = [...iterateElements(parseXml(config))].map(({ element }) => element);
  } catch {
    // Only a blank config gets here (the server refuses malformed XML): nothing to label with.
    return { kind: 'empty' };
  }
  if (elements.length <= 1) return { kind: 'empty' };
  return elements.some(isControlElement) ? { kind: 'ready' } : { kind: 'noControls' };
}

/** "VideoRectangle", "VideoRectangle and Chat", "A, B and C". */
export function tagList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Why an editor lacks a tag, in a few words. */
export function tagReason(tag: UnsupportedTag, editor: ProjectEditor = BUNDLED_EDITOR): string {
  if (tag.reason === 'unknown') return 'not a Label Studio tag';
  return editor.kind === 'bundled'
    ? `added to Label Studio after the ${editor.version} editor`
    : `not in Label Studio ${editor.version}'s editor`;
}

/** One sentence naming each tag the editor cannot show and why, e.g. for the config preview. */
export function unsupportedSentence(tags: readonly UnsupportedTag[], editor: ProjectEditor = BUNDLED_EDITOR): string {
  const parts = tags.map((tag) => `${tag.name} (${tagReason(tag, editor)})`);
  return `${editorSubject(editor)} cannot show this config: it does not know ${tagList(parts)}.`;
}

/**
 * What can be done about tags an editor cannot show. Syncing with a team's Label Studio caches
 * its editor, which then labels instead of the bundled one.
 */
export function unsupportedNextSteps(editor: ProjectEditor = BUNDLED_EDITOR): string {
  return editor.kind === 'bundled'
    ? "Edit the config to use tags this editor knows, or sync with your team's Label Studio to get its editor: Outpost then labels with it, offline too."
    : 'Edit the config to use tags this editor knows.';
}
