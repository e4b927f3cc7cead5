import { memo, type MouseEvent } from 'react';
import type { DmTask } from '../../api/dataManager';
import type { TableColumn } from './columns';
import { TaskCell } from './TaskCell';

interface TaskRowProps {
  index: number;
  projectId: number;
  task: DmTask | undefined;
  columns: TableColumn[];
  top: number;
  selected: boolean;
  active: boolean;
  rowId: string;
  onOpen: (index: number) => void;
  onToggle: (index: number, event: MouseEvent) => void;
}

/** One row of the grid; a row whose page has not arrived yet shows placeholders. */
export const TaskRow = memo(function TaskRow(props: TaskRowProps) {
  const { index, task, columns, top, selected, active, rowId } = props;
  return (
    <div
      role="row"
      id={rowId}
      aria-rowindex={index + 2}
      aria-selected={task ? selected : undefined}
      aria-busy={task ? undefined : true}
      data-task-id={task?.id}
      className={`dm-row ${active ? 'dm-row--active' : ''} ${selected ? 'dm-row--selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => task && props.onOpen(index)}
    >
      <div role="gridcell" className="dm-cell dm-cell--check" onClick={(event) => event.stopPropagation()}>
        {task && (
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select task ${task.id}`}
            checked={selected}
            onChange={() => undefined}
            onClick={(event) => props.onToggle(index, event)}
          />
        )}
      </div>
      {columns.map((column) => (
        <div role="gridcell" className="dm-cell" key={column.key}>
          {task ? (
            <TaskCell projectId={props.projectId} task={task} column={column} />
          ) : (
            <span className="dm-skeleton" aria-hidden="true" />
          )}
        </div>
      ))}
    </div>
  );
});
