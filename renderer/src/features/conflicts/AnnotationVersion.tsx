import type { ConflictAnnotation } from '../../api/conflicts';
import { formatWhen } from './conflictWords';
import { summarizeResult } from './resultSummary';

/** "Made by <name> (<email>)": the names and email as the author's server shows them. */
function madeBy(annotation: ConflictAnnotation): string {
  const author = annotation.completed_by;
  if (!author) return 'Author unknown';
  const name = `${author.first_name} ${author.last_name}`.trim();
  if (name && author.email) return `Made by ${name} (${author.email})`;
  return `Made by ${name || author.email || `user ${author.id}`}`;
}

/** One annotation's content: a line per region, or its JSON when a region is not understood. */
export function AnnotationContent({ annotation }: { annotation: ConflictAnnotation }) {
  const lines = summarizeResult(annotation.result);
  return (
    <div className="conflict-version__content">
      <p className="conflict-version__meta">
        <span className="conflict-version__author">{madeBy(annotation)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={annotation.updated_at}>{formatWhen(annotation.updated_at)}</time>
        {annotation.was_cancelled && <span className="conflict-tag">Skipped</span>}
      </p>
      {lines === null ? (
        <pre className="conflict-version__json">{JSON.stringify(annotation.result, null, 2)}</pre>
      ) : lines.length === 0 ? (
        <p className="muted">No regions (empty result).</p>
      ) : (
        <ul className="conflict-regions">
          {lines.map((line, index) => (
            <li key={index} className="conflict-region">
              <span className="conflict-region__type">{line.type}</span>
              <span className="conflict-region__label">{line.label}</span>
              <span className="conflict-region__value">{line.value}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface AnnotationVersionProps {
  /** Whose version and where it lives ("Yours, here" or "Theirs, the server's version on ..."). */
  title: string;
  headingId: string;
  annotations: ConflictAnnotation[];
  /** What to say when this side has no annotation (it was deleted). */
  absent: string;
}

/** One side of a conflict, for the side-by-side view. */
export function AnnotationVersion({ title, headingId, annotations, absent }: AnnotationVersionProps) {
  return (
    <section className="conflict-version" aria-labelledby={headingId}>
      <h4 id={headingId} className="conflict-version__title">
        {title}
      </h4>
      {annotations.length === 0 ? (
        <p className="conflict-version__absent">{absent}</p>
      ) : (
        annotations.map((annotation) => <AnnotationContent key={annotation.id} annotation={annotation} />)
      )}
    </section>
  );
}
