import { iterateElements, parseXml } from '../label-config/index.js';
import type { ControlOptions } from './resultItem.js';

/*
 * What the agreement measures need from a project's label config, per control name: a Rating's
 * maxRating (5 when the tag does not say) and a Number's min and max. Tag names compare without
 * case, as Label Studio's do; attributes that are not numbers are ignored.
 */
export function controlOptionsFromConfig(labelConfig: string): Record<string, ControlOptions> {
  const options: Record<string, ControlOptions> = {};
  for (const { element } of iterateElements(parseXml(labelConfig))) {
    const name = element.attributes.name;
    if (name === undefined) continue;
    const tag = element.tag.toLowerCase();
    if (tag === 'rating') {
      options[name] = { maxRating: numberAttribute(element.attributes.maxRating) ?? 5 };
    } else if (tag === 'number') {
      const min = numberAttribute(element.attributes.min);
      const max = numberAttribute(element.attributes.max);
      options[name] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
  }
  return options;
}

function numberAttribute(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
