/**
 * Which of a config's tags an editor cannot render. Pure, for unit tests.
 */
import { BUNDLED_EDITOR_TAGS } from '../../../../shared/api/editor';

/**
 * Element names in the config that are not among `tags` (lower-case names an editor registers;
 * the bundled editor's by default), in order of appearance.
 */
export function unsupportedTags(config: string, tags: readonly string[] = BUNDLED_EDITOR_TAGS): string[] {
  const known = new Set(tags);
  const found: string[] = [];
  // Comments and CDATA may hold anything; element names are what the editor looks up.
  const text = config.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  for (const match of text.matchAll(/<([A-Za-z][\w.-]*)/g)) {
    const name = match[1]!;
    if (!known.has(name.toLowerCase()) && !found.includes(name)) found.push(name);
  }
  return found;
}
