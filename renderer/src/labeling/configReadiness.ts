/**
 * Whether the bundled editor can label with a config, decided before it loads: a config it
 * cannot render would otherwise leave it hanging. Pure, for unit tests.
 */
import { isControlElement } from '../../../shared/label-config/parseLabelConfig';
import { TAGS } from '../../../shared/label-config/tags';
import { parseXml } from '../../../shared/label-config/xml';
import { iterateElements } from '../../../shared/label-config/xmlTree';
import { unsupportedTags } from './editorTags';

export interface UnsupportedTag {
  name: string;
  /** `newer`: a tag of today's Label Studio that the 1.4.0 editor predates; `unknown`: no Label Studio tag at all. */
  reason: 'newer' | 'unknown';
}

export type ConfigReadiness =
  | { kind: 'ready' }
  /** No tags at all inside the root view (a new project's `<View></View>`). */
  | { kind: 'empty' }
  /** It shows data but has no control (Choices, Labels, …) to label it with. */
  | { kind: 'noControls' }
  | { kind: 'unsupported'; tags: UnsupportedTag[] };

const KNOWN_TAGS = new Map(Object.keys(TAGS).map((name) => [name.toLowerCase(), name]));

export function configReadiness(config: string): ConfigReadiness {
  const missing = unsupportedTags(config);
  if (missing.length > 0) {
    return {
      kind: 'unsupported',
      tags: missing.map((name) => ({ name, reason: KNOWN_TAGS.has(name.toLowerCase()) ? 'newer' : 'unknown' })),
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

/** Why the bundled editor lacks a tag, in a few words. */
export function tagReason(tag: UnsupportedTag): string {
  return tag.reason === 'newer' ? 'added to Label Studio after the 1.4.0 editor' : 'not a Label Studio tag';
}

/** One sentence naming each tag the editor cannot show and why, e.g. for the config preview. */
export function unsupportedSentence(tags: readonly UnsupportedTag[]): string {
  const parts = tags.map((tag) => `${tag.name} (${tagReason(tag)})`);
  return `The bundled editor (Label Studio 1.4.0) cannot show this config: it does not know ${tagList(parts)}.`;
}
