import { AnnotationHeader, type ColumnInfo } from './AnnotationHeader';
import type { ControlRow, RegionItem } from './compareModel';
import { ControlRowView } from './ControlRowView';
import type { TaskObject } from './taskObjects';

interface CompareTableProps {
  columns: ColumnInfo[];
  rows: ControlRow[];
  objects: TaskObject[];
  busy: boolean;
  onUseAsGroundTruth: (annotationId: number) => void;
}

/** The annotations side by side: a column each, a row per control. */
export function CompareTable({ columns, rows, objects, busy, onUseAsGroundTruth }: CompareTableProps) {
  const textOf = (item: RegionItem): string | null => {
    const object = objects.find((candidate) => candidate.name === item.result.to_name);
    // HyperText spans count offsets in the page's text, not in its markup: listed, not highlighted.
    return object?.tag === 'Text' && typeof object.data === 'string' ? object.data : null;
  };
  return (
    <div className="compare-table-wrap">
      <table className="data-table compare-table">
        <caption className="visually-hidden">Annotations side by side</caption>
        <thead>
          <tr>
            <td />
            {columns.map((info, column) => (
              <AnnotationHeader
                key={info.annotationId}
                column={column}
                info={info}
                busy={busy}
                onUseAsGroundTruth={onUseAsGroundTruth}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ControlRowView key={row.fromName} row={row} textOf={textOf} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
