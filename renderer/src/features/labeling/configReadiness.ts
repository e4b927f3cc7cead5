/**
 * Whether an editor (the bundled one, or a remote's cached one) can label with a config, decided
 * before it loads: a config it cannot render would otherwise leave it hanging. Pure, for unit tests.
 */
import { BUNDLED_EDITOR_OUTDATED_TAGS, BUNDLED_EDITOR_TAGS, type ProjectEditor } from '../../../../shared/api/editor';
import { isControlElement } from '../../../../shared/label-config/parseLabelConfig';
import { TAGS } from '../../../../shared/label-config/tags';
import { parseXml } from '../../../../shared/label-config/xml';
import { iterateElements } from '../../../../shared/label-config/xmlTree';
import { BUNDLED_EDITOR, editorSubject } from './editorChoice';
import { unsupportedTags } from './editorTags';

export interface UnsupportedTag {
  name: string;
  /**
   * `missing`: a tag of today's Label Studio that this editor lacks (the bundled 1.4.0 predates
   * it); `outdated`: the editor has only an older tag of that name (1.4.0's List and Ranker);
   * `unknown`: no Label Studio tag at all.
   */
  reason: 'missing' | 'outdated' | 'unknown';
}

export type ConfigReadiness =
  | { kind: 'ready' }
  /** No tags at all inside the root view (a new project's `<View></View>`). */
  | { kind: 'empty' }
  /** It shows data but has no control (Choices, Labels, …) to label it with. */
  | { kind: 'noControls' }
  | { kind: 'unsupported'; tags: UnsupportedTag[] };

/** Label Studio tags that only live inside another one (Ranker's buckets), which the config schema lists under it. */
const NESTED_TAGS = ['Bucket'];
const KNOWN_TAGS = new Set([...Object.keys(TAGS), ...NESTED_TAGS].map((name) => name.toLowerCase()));

function reasonFor(name: string): UnsupportedTag['reason'] {
  const lower = name.toLowerCase();
  if (BUNDLED_EDITOR_OUTDATED_TAGS.includes(lower)) return 'outdated';
  return KNOWN_TAGS.has(lower) ? 'missing' : 'unknown';
}

/** `tags`: the lower-case tag names the editor registers (`ProjectEditor.tags`). */
export function configReadiness(config: string, tags: readonly string[] = BUNDLED_EDITOR_TAGS): ConfigReadiness {
  const missing = unsupportedTags(config, tags);
  if (missing.length > 0) {
    return {
      kind: 'unsupported',
      tags: missing.map((name) => ({ name, reason: reasonFor(name) })),
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
  if (tag.reason === 'outdated') return `changed in Label Studio after the ${editor.version} editor`;
  return editor.kind === 'bundled'
    ? `added to Label Studio after the ${editor.version} editor`
    : `not in Label Studio ${editor.version}'s editor`;
}

/** The tags a newer editor would show: every one that is Label Studio's, in the config's order. */
export function newerEditorTags(tags: readonly UnsupportedTag[]): string[] {
  return tags.filter((tag) => tag.reason !== 'unknown').map((tag) => tag.name);
}

/**
 * "This project needs a newer editor: the bundled editor (Label Studio 1.4.0) lacks List, Ranker
 * and Bucket." Null when no tag would be shown by a newer editor (only made-up tags).
 */
export function newerEditorSentence(
  tags: readonly UnsupportedTag[],
  editor: ProjectEditor = BUNDLED_EDITOR,
): string | null {
  const newer = newerEditorTags(tags);
  if (newer.length === 0) return null;
  const subject = editorSubject(editor);
  return `This project needs a newer editor: ${subject.charAt(0).toLowerCase()}${subject.slice(1)} lacks ${tagList(newer)}.`;
}

/** One sentence naming each tag the editor cannot show and why, e.g. for the config preview. */
export function unsupportedSentence(tags: readonly UnsupportedTag[], editor: ProjectEditor = BUNDLED_EDITOR): string {
  const newer = newerEditorTags(tags);
  const unknown = tags.filter((tag) => tag.reason === 'unknown').map((tag) => tag.name);
  const parts: string[] = [];
  if (newer.length > 0) parts.push(`it needs a newer editor, one with ${tagList(newer)}`);
  if (unknown.length > 0) {
    parts.push(
      `${tagList(unknown)} ${unknown.length === 1 ? 'is not a Label Studio tag' : 'are not Label Studio tags'}`,
    );
  }
  return `${editorSubject(editor)} cannot show this config: ${parts.join(', and ')}.`;
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
