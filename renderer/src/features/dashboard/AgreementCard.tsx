import { useId, useState } from 'react';
import type { ProjectQuality } from '../../api/quality';
import { AgreementMatrix } from './AgreementMatrix';
import { formatAgreement, formatStatistic, qualityUserName } from './agreementText';
import { formatCount, plural } from './dashboardText';
import { LowAgreementTasks } from './LowAgreementTasks';
import { QualityDownloads } from './QualityDownloads';
import { useQuality } from './useQuality';
import '../../styles/agreement.css';

export const AGREEMENT_EMPTY = 'Agreement needs at least two annotators on a task';

function AnnotatorFigures({ quality }: { quality: ProjectQuality }) {
  const hasGroundTruth = quality.annotators.some((annotator) => annotator.accuracy_annotations > 0);
  return (
    <div className="dashboard-table">
      <table className="data-table">
        <caption className="visually-hidden">Agreement per annotator</caption>
        <thead>
          <tr>
            <th scope="col">Annotator</th>
            <th scope="col">Tasks</th>
            <th scope="col">Agreement with others</th>
            <th scope="col">Accuracy vs ground truth</th>
          </tr>
        </thead>
        <tbody>
          {quality.annotators.map((annotator) => (
            <tr key={annotator.id}>
              <th scope="row">{qualityUserName(annotator.user)}</th>
              <td>{formatCount(annotator.tasks)}</td>
              <td>{formatAgreement(annotator.agreement)}</td>
              <td>
                {formatAgreement(annotator.accuracy)}
                {annotator.accuracy_annotations > 0 && ` (${plural(annotator.accuracy_annotations, 'task')})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!hasGroundTruth && (
        <p className="dashboard-card__note">Accuracy appears once a task has a ground-truth annotation.</p>
      )}
    </div>
  );
}

function ControlStatistics({ quality }: { quality: ProjectQuality }) {
  const controls = quality.controls.filter((control) => control.items > 0);
  if (controls.length === 0) return null;
  return (
    <div className="dashboard-table">
      <table className="data-table">
        <caption className="visually-hidden">Chance-corrected agreement per question</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Tasks</th>
            <th scope="col">Cohen&apos;s κ</th>
            <th scope="col">Fleiss&apos; κ</th>
            <th scope="col">Krippendorff&apos;s α</th>
          </tr>
        </thead>
        <tbody>
          {controls.map((control) => (
            <tr key={control.from_name}>
              <th scope="row">{control.from_name}</th>
              <td>{formatCount(control.items)}</td>
              <td>{formatStatistic(control.cohen_kappa)}</td>
              <td>{formatStatistic(control.fleiss_kappa)}</td>
              <td>{formatStatistic(control.krippendorff_alpha)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * How far the project's annotators agree: the project's figure, the annotator x annotator matrix,
 * each annotator's agreement and accuracy, kappa and alpha per classification question, and the
 * report as downloads.
 */
export function AgreementCard({ projectId }: { projectId: number }) {
  const headingId = useId();
  const load = useQuality(projectId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const quality = load.status === 'ready' ? load.data : null;
  const isEmpty = quality !== null && quality.tasks_with_agreement === 0;

  return (
    <section className="dashboard-card dashboard-card--wide agreement-card" aria-labelledby={headingId}>
      <div className="dashboard-card__header">
        <div>
          <h2 id={headingId} className="dashboard-card__title">
            Agreement
          </h2>
          {quality && !isEmpty && (
            <p className="dashboard-card__note">
              Project agreement {formatAgreement(quality.agreement)} over {plural(quality.tasks_with_agreement, 'task')}{' '}
              annotated by two or more people
            </p>
          )}
        </div>
      </div>
      {load.status === 'loading' && <p role="status">Computing agreement…</p>}
      {load.status === 'error' && (
        <p className="notice notice--error" role="alert">
          Agreement could not be computed: {load.message}
        </p>
      )}
      {isEmpty && <p className="dashboard-card__empty">{AGREEMENT_EMPTY}</p>}
      {quality && !isEmpty && (
        <>
          <AgreementMatrix quality={quality} />
          <AnnotatorFigures quality={quality} />
          <LowAgreementTasks quality={quality} />
          <ControlStatistics quality={quality} />
          <QualityDownloads projectId={projectId} onError={setDownloadError} />
          {downloadError && (
            <p className="notice notice--error" role="alert">
              {downloadError}
            </p>
          )}
        </>
      )}
    </section>
  );
}
