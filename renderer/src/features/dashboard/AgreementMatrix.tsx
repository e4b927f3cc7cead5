import type { ProjectQuality } from '../../api/quality';
import { plural } from './dashboardText';
import { formatAgreement, heatStyle, qualityAnnotatorName } from './agreementText';

/**
 * Annotator x annotator: each cell is the pair's mean agreement over the tasks both annotated,
 * colored by how high it is, with the number and the count of shared tasks written in the cell
 * so that the color is never the only way to read it.
 */
export function AgreementMatrix({ quality }: { quality: ProjectQuality }) {
  const byId = new Map(quality.annotators.map((annotator) => [annotator.id, annotator]));
  const names = quality.matrix.annotators.map((id) => qualityAnnotatorName(byId.get(id)));
  return (
    <div className="dashboard-table agreement-matrix">
      <table className="data-table">
        <caption className="visually-hidden">Agreement between annotators</caption>
        <thead>
          <tr>
            <td />
            {names.map((name, column) => (
              <th key={quality.matrix.annotators[column]} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {quality.matrix.annotators.map((id, row) => (
            <tr key={id}>
              <th scope="row">{names[row]}</th>
              {quality.matrix.scores[row]!.map((score, column) => {
                const shared = quality.matrix.tasks[row]![column]!;
                const isSelf = row === column;
                return (
                  <td
                    key={quality.matrix.annotators[column]}
                    className={isSelf ? 'agreement-matrix__self' : 'agreement-matrix__cell'}
                    style={isSelf ? undefined : heatStyle(score)}
                  >
                    {isSelf ? (
                      '—'
                    ) : (
                      <>
                        <span className="agreement-matrix__score">{formatAgreement(score)}</span>
                        {/* The space keeps the two apart when the cell is read as text. */}{' '}
                        <span className="agreement-matrix__tasks">({plural(shared, 'task')})</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
