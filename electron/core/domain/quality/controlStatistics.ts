import type { QualityControl } from '../../../../shared/api/quality.js';
import { iterateElements, parseXml } from '../../../../shared/label-config/index.js';
import {
  cohenKappa,
  controlRatings,
  fleissKappaOfRatings,
  krippendorffAlpha,
  type MeasurementLevel,
  type Rating,
  type TaskRecord,
} from '../../../../shared/quality/index.js';

/*
 * Chance-corrected statistics for each classification control of the label config: one question
 * read as a task x annotator matrix. Choices are categories (nominal), star ratings are ordered
 * (ordinal), numbers are measures (interval).
 */

const LEVELS: Record<string, { type: string; level: Extract<MeasurementLevel, 'nominal' | 'ordinal' | 'interval'> }> = {
  choices: { type: 'Choices', level: 'nominal' },
  rating: { type: 'Rating', level: 'ordinal' },
  number: { type: 'Number', level: 'interval' },
};

interface ClassificationControl {
  name: string;
  type: string;
  level: 'nominal' | 'ordinal' | 'interval';
}

/** The config's Choices, Rating and Number controls in config order; none when the config does not parse. */
export function classificationControls(labelConfig: string): ClassificationControl[] {
  let root;
  try {
    root = parseXml(labelConfig);
  } catch {
    return [];
  }
  const controls: ClassificationControl[] = [];
  for (const { element } of iterateElements(root)) {
    const known = LEVELS[element.tag.toLowerCase()];
    const name = element.attributes.name;
    if (known && name !== undefined && !controls.some((control) => control.name === name)) {
      controls.push({ name, ...known });
    }
  }
  return controls;
}

/** NaN (the statistic is undefined on these data) becomes null on the wire, as does a refusal. */
function finiteOrNull(compute: () => number): number | null {
  try {
    const value = compute();
    return Number.isFinite(value) ? value : null;
  } catch {
    // A stored answer of the wrong kind (text where numbers are expected) leaves the statistic undefined.
    return null;
  }
}

function answeredColumns(matrix: Rating[][], width: number): number[] {
  const columns: number[] = [];
  for (let column = 0; column < width; column++) {
    if (matrix.some((row) => row[column] !== null && row[column] !== undefined)) columns.push(column);
  }
  return columns;
}

export function controlStatistics(tasks: ReadonlyArray<TaskRecord>, control: ClassificationControl): QualityControl {
  const ratings = controlRatings(tasks, control.name);
  // Annotators who never answered this control would only empty Fleiss' complete rows.
  const columns = answeredColumns(ratings.matrix, ratings.annotators.length);
  const matrix = ratings.matrix
    .map((row) => columns.map((column) => row[column] ?? null))
    .filter((row) => row.filter((rating) => rating !== null).length >= 2);
  const cohen =
    columns.length === 2
      ? finiteOrNull(() =>
          cohenKappa(
            matrix.map((row) => row[0]),
            matrix.map((row) => row[1]),
          ),
        )
      : null;
  const computable = matrix.length > 0;
  return {
    from_name: control.name,
    type: control.type,
    level: control.level,
    annotators: columns.length,
    items: matrix.length,
    cohen_kappa: cohen,
    fleiss_kappa: computable ? finiteOrNull(() => fleissKappaOfRatings(matrix)) : null,
    krippendorff_alpha: computable ? finiteOrNull(() => krippendorffAlpha(matrix, control.level)) : null,
  };
}
