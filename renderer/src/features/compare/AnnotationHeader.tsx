import { formatAgreement } from '../dashboard/agreementText';
import { annotationColour, formatWhen, type Author } from './compareText';

export interface ColumnInfo {
  annotationId: number;
  author: Author;
  createdAt: string;
  isGroundTruth: boolean;
  /** Mean agreement with the task's other annotations. */
  withOthers: number | null;
  /** Agreement with each other column, by its name; null where not scored. */
  pairs: Array<{ name: string; score: number | null }>;
}

interface AnnotationHeaderProps {
  column: number;
  info: ColumnInfo;
  busy: boolean;
  onUseAsGroundTruth: (annotationId: number) => void;
}

/** A column's head: who and when, its agreement with the others, and its ground-truth mark or button. */
export function AnnotationHeader({ column, info, busy, onUseAsGroundTruth }: AnnotationHeaderProps) {
  return (
    <th scope="col" className="compare-head" data-annotation={info.annotationId}>
      <span className="compare-head__name">
        <span className="compare-swatch" style={{ backgroundColor: annotationColour(column) }} />
        {info.author.name}
      </span>
      {info.author.email && info.author.email !== info.author.name && (
        <span className="compare-head__email">{info.author.email}</span>
      )}
      <span className="compare-head__meta">
        Annotation #{info.annotationId}, {formatWhen(info.createdAt)}
      </span>
      <span className="compare-head__agreement">Agreement with others {formatAgreement(info.withOthers)}</span>
      {info.pairs.length > 0 && (
        <ul className="compare-head__pairs">
          {info.pairs.map((pair, index) => (
            <li key={index}>
              vs {pair.name}: {formatAgreement(pair.score)}
            </li>
          ))}
        </ul>
      )}
      {info.isGroundTruth ? (
        <span className="compare-ground-truth">★ Ground truth</span>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => onUseAsGroundTruth(info.annotationId)}
        >
          Use as ground truth
        </button>
      )}
    </th>
  );
}
