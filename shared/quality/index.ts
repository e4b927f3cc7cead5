/*
 * Agreement between annotators, computed from the annotations a project holds; pure functions, no
 * storage. docs/agreement.md explains every measure and its edge cases.
 */
export { cohenKappa, type CohenKappaOptions, type KappaWeights } from './cohenKappa.js';
export { countTable, fleissKappa, fleissKappaOfRatings } from './fleissKappa.js';
export { krippendorffAlpha, type MeasurementLevel } from './krippendorffAlpha.js';
export type { Rating, RatingMatrix } from './ratingMatrix.js';
export { controlRatings, type ControlRatings } from './controlRatings.js';
export type { ControlOptions, ResultItem } from './resultItem.js';
export { parseStoredResult } from './resultItem.js';
export { controlOptionsFromConfig } from './configControlOptions.js';
export {
  annotationAgreement,
  controlKind,
  controlScore,
  type AgreementOptions,
  type AnnotationAgreement,
  type ControlKind,
  type ControlScore,
} from './annotationAgreement.js';
export { brushAgreement, brushMatches } from './brushAgreement.js';
export {
  keypointAgreement,
  keypointMatches,
  shapeAgreement,
  shapeIou,
  shapeMatches,
  spanAgreement,
  spanMatches,
  spanOffsets,
  type RegionAgreement,
} from './regionAgreement.js';
export type { MatchedPair } from './regionMatching.js';
export { regionShape, type Shape } from './regionShapes.js';
export { numberField, regionLabels } from './resultItem.js';
export { choicesAgreement, type ChoicesMeasure } from './valueAgreement.js';
export {
  annotatorMatrix,
  groundTruthAccuracy,
  projectAgreement,
  taskAgreement,
  type AnnotationRecord,
  type AnnotatorId,
  type AnnotatorMatrix,
  type GroundTruthAccuracy,
  type TaskRecord,
} from './projectAgreement.js';
