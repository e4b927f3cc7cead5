/**
 * The tags the bundled editor (Label Studio 1.4.0) knows, read from its tag registry; a config
 * with any other tag cannot be shown by it. Pure, for unit tests.
 */
const EDITOR_TAGS = new Set(
  (
    'audio audioplus brush brushlabels channel choice choices collapse dialog ellipse ellipselabels filter header ' +
    'hypertext hypertextlabels image keypoint keypointlabels label labels list number pairwise panel paragraphlabels ' +
    'paragraphs polygon polygonlabels ranker rating rectangle rectanglelabels relation relations shortcut style table ' +
    'taxonomy text textarea timeseries timeserieslabels video view'
  ).split(' '),
);

/** Element names in the config that the bundled editor has no tag for, in order of appearance. */
export function unsupportedTags(config: string): string[] {
  const found: string[] = [];
  // Comments and CDATA may hold anything; element names are what the editor looks up.
  const text = config.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  for (const match of text.matchAll(/<([A-Za-z][\w.-]*)/g)) {
    const name = match[1]!;
    if (!EDITOR_TAGS.has(name.toLowerCase()) && !found.includes(name)) found.push(name);
  }
  return found;
}
