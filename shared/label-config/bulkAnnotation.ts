import { isControlElement } from './parseLabelConfig.js';
import { TAGS } from './tags.js';
import type { XmlElement } from './types.js';
import { iterateElements } from './xmlTree.js';

// Label Studio's SDK maps the tag name "hypertext" (not "hypertextlabels") to its HyperTextLabels
// class, so its check never finds HyperTextLabels: a config using it counts as suitable there.
const REGION_TOOLS = new Set(
  Object.entries(TAGS)
    .filter(([tag, info]) => info.isRegionTool && tag !== 'HyperTextLabels')
    .map(([tag]) => tag.toLowerCase()),
);
const PER_ITEM_CHECKED = new Set(['choices', 'taxonomy', 'datetime', 'number', 'rating', 'textarea']);

/**
 * Label Studio's `get_config_suitable_for_bulk_annotation`: only whole-task classifications
 * (no region tools, nothing per region or per item, no dynamic Choices or Taxonomy options).
 */
export function isSuitableForBulkAnnotation(root: XmlElement): boolean {
  for (const { element } of iterateElements(root)) {
    if (!isControlElement(element)) continue;
    const tag = element.tag.toLowerCase();
    const attributes = element.attributes;
    if (REGION_TOOLS.has(tag)) return false;
    if (!PER_ITEM_CHECKED.has(tag)) continue;
    if (attributes.perRegion?.toLowerCase() === 'true' || attributes.perItem?.toLowerCase() === 'true') return false;
    if ((tag === 'choices' || tag === 'taxonomy') && attributes.value !== undefined) return false;
    if (tag === 'taxonomy' && (attributes.labeling?.toLowerCase() === 'true' || attributes.apiUrl !== undefined)) {
      return false;
    }
  }
  return true;
}
