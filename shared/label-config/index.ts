import { isSuitableForBulkAnnotation } from './bulkAnnotation.js';
import { extractDataTypes } from './dataTypes.js';
import { parseLabelConfig } from './parseLabelConfig.js';
import type { LabelConfigAnalysis } from './types.js';
import { parseXml } from './xml.js';

export type * from './types.js';
export { computeControlWeights } from './controlWeights.js';
export { extractDataTypes } from './dataTypes.js';
export { essentialDataHasChanged } from './essentialChanges.js';
export { isControlElement, parseLabelConfig } from './parseLabelConfig.js';
export { validateLabelConfig } from './validateLabelConfig.js';
export { MAX_XML_DEPTH, parseXml, XmlDtdForbiddenError, XmlSyntaxError } from './xml.js';
export { generateSampleTask, readSampleTaskFromConfigComment } from './sampleTask.js';
export { iterateElements } from './xmlTree.js';
export { validatePrediction } from './validatePrediction.js';
export { acceptedDataTypes, TAGS, type DataValueType, type TagInfo, type TagKind } from './tags.js';

/**
 * Everything a project derives from its config, from one parse. The config must already have
 * passed `validateLabelConfig`; malformed XML throws XmlSyntaxError.
 */
export function analyzeLabelConfig(config: string): LabelConfigAnalysis {
  const root = parseXml(config);
  const parsed = parseLabelConfig(root);
  return {
    parsed_label_config: parsed,
    data_types: extractDataTypes(root),
    config_has_control_tags: Object.keys(parsed).length > 0,
    config_suitable_for_bulk_annotation: isSuitableForBulkAnnotation(root),
  };
}
