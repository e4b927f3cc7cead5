import type { ImportResult } from '../../api/importApi';
import { plural } from './progress';
import { routes } from '../../router';
import { formatCount } from '../../../../shared/text/counts';

interface ImportSummaryProps {
  projectId: number;
  result: ImportResult;
  source: string;
  onImportMore: () => void;
  onExport: () => void;
}

/** What the import created, as the server counted it, and where to go next. */
export function ImportSummary({ projectId, result, source, onImportMore, onExport }: ImportSummaryProps) {
  const facts = [
    { label: 'Tasks', value: result.task_count },
    { label: 'Annotations', value: result.annotation_count ?? 0 },
    { label: 'Predictions', value: result.prediction_count ?? 0 },
  ];
  return (
    <section className="import-card import-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="import-card__title">
        <span className="import-summary__check" aria-hidden="true">
          ✓
        </span>
        Imported {plural(result.task_count, 'task')} from {source}
      </h2>
      <dl className="import-summary__facts">
        {facts.map((fact) => (
          <div key={fact.label} className="import-summary__fact">
            <dt>{fact.label}</dt>
            <dd>{formatCount(fact.value)}</dd>
          </div>
        ))}
        <div className="import-summary__fact">
          <dt>Duration</dt>
          <dd>
            {result.duration < 1 ? `${Math.round(result.duration * 1000)} ms` : `${result.duration.toFixed(1)} s`}
          </dd>
        </div>
      </dl>
      <div className="import-card__footer">
        <button type="button" className="button" onClick={onImportMore}>
          Import more
        </button>
        <button type="button" className="button" onClick={onExport}>
          Export…
        </button>
        <a className="button" href={routes.projectData(projectId)}>
          Open the data
        </a>
        <a className="button button--primary" href={routes.labelStream(projectId)}>
          Start labeling
        </a>
      </div>
    </section>
  );
}
