/**
 * The namespace checks of expat's namespace mode, which ElementTree's parser (so Label Studio)
 * turns on: prefixes must be declared, reserved ones kept, and no two attributes may expand to
 * the same name. Each failure is reported at the element's `<`, when its start tag is complete.
 * Names are checked, not expanded: Outpost keeps `prefix:local` tags, which no label config uses.
 */
export type NamespaceScope = ReadonlyMap<string, string>;

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

export const ROOT_NAMESPACE_SCOPE: NamespaceScope = new Map([['xml', XML_NAMESPACE]]);

/** The reason expat refuses to bind `prefix` ('' for the default namespace) to `uri`, if it does. */
function bindingError(prefix: string, uri: string): string | null {
  if (prefix === 'xmlns') return 'reserved prefix (xmlns) must not be declared or undeclared';
  const isXml = uri === XML_NAMESPACE;
  if ((prefix === 'xml') !== isXml) {
    return prefix === 'xml'
      ? 'reserved prefix (xml) must not be undeclared or bound to another namespace name'
      : 'prefix must not be bound to one of the reserved namespace names';
  }
  if (uri === XMLNS_NAMESPACE) return 'prefix must not be bound to one of the reserved namespace names';
  if (uri === '' && prefix !== '') return 'must not undeclare prefix';
  return null;
}

/** The scope inside `tag`, or the reason expat refuses its start tag. */
export function enterElement(
  tag: string,
  attributes: Record<string, string>,
  outer: NamespaceScope,
): { scope: NamespaceScope } | { reason: string } {
  let scope = outer;
  for (const [name, value] of Object.entries(attributes)) {
    const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice('xmlns:'.length) : null;
    if (prefix === null) continue;
    const reason = bindingError(prefix, value);
    if (reason) return { reason };
    if (prefix !== '') scope = new Map([...scope, [prefix, value]]);
  }
  const expanded = new Set<string>();
  for (const name of Object.keys(attributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const colon = name.indexOf(':');
    // An unprefixed attribute is in no namespace, whatever the default is.
    const uri = colon === -1 ? '' : scope.get(name.slice(0, colon));
    if (uri === undefined) return { reason: 'unbound prefix' };
    const key = `${uri}}${name.slice(colon + 1)}`;
    if (expanded.has(key)) return { reason: 'duplicate attribute' };
    expanded.add(key);
  }
  const colon = tag.indexOf(':');
  if (colon !== -1 && !scope.has(tag.slice(0, colon))) return { reason: 'unbound prefix' };
  return { scope };
}

/**
 * Where expat in namespace mode finds an invalid token in a tag or attribute name, as an offset
 * in `name` (-1 if none): at a second colon, or after a colon not followed by a name's first
 * character (the offset just past the name when the colon ends it).
 */
export function misplacedColon(name: string, startsName: (char: string) => boolean): number {
  const first = name.indexOf(':');
  if (first === -1) return -1;
  const after = name[first + 1];
  if (after === undefined || !startsName(after)) return first + 1;
  return name.indexOf(':', first + 1);
}
