import { useId, type ReactNode } from 'react';
import type { DmAction } from '../../api/dataManager';
import { routes } from '../../router';
import { ActionsMenu } from './ActionsMenu';
import { formatCount, pluralize } from '../../../../shared/text/counts';

interface DmToolbarProps {
  projectId: number;
  /** The tab shown: labeling walks its tasks, in its order. */
  viewId?: number;
  filterCount: number;
  total: number | null;
  selected: number;
  /** The rows picked one by one (none when every task is selected): labeling then walks only these. */
  pickedTaskIds: readonly number[];
  actions: DmAction[];
  onFilters: () => void;
  onColumns: () => void;
  onAction: (action: DmAction) => void;
  onExport: () => void;
  /** The project's storage sync, shown before labeling when the project has source storages. */
  storageSync?: ReactNode;
}

const NO_TASKS_TO_LABEL = 'There are no tasks to label yet: import data first.';
const NO_TASKS_MATCH = 'No task matches the filters: change or clear them to label.';

const plural = (count: number, word: string) => pluralize(count, word);

/** Above the grid: filters, columns and bulk actions on the left; labeling, import and export on the right. */
export function DmToolbar(props: DmToolbarProps) {
  const { projectId, filterCount, total, selected } = props;
  const count =
    total === null
      ? 'Loading tasks…'
      : selected > 0
        ? `${formatCount(selected)} of ${plural(total, 'task')} selected`
        : plural(total, 'task');
  // A project without tasks has nothing to label: Import is the next step, and labeling says why it waits.
  const hasNoTasks = total === 0 && filterCount === 0;
  // None to label, whether the project has none or the filters leave none: the button says which.
  const whyNotLabel = total !== 0 ? null : filterCount === 0 ? NO_TASKS_TO_LABEL : NO_TASKS_MATCH;
  const whyId = useId();
  const picked = props.pickedTaskIds;
  const labelText = picked.length > 0 ? `Label ${plural(picked.length, 'selected task')}` : 'Label all tasks';
  return (
    <div className="dm-toolbar">
      <div className="dm-toolbar__group">
        <button type="button" className="button" onClick={props.onFilters} aria-haspopup="dialog">
          Filters
          {filterCount > 0 && (
            <span className="dm-badge" aria-label={`${filterCount} active`}>
              {filterCount}
            </span>
          )}
        </button>
        <button type="button" className="button" onClick={props.onColumns} aria-haspopup="dialog">
          Columns
        </button>
        <ActionsMenu actions={props.actions} disabled={selected === 0} onChoose={props.onAction} />
        <span className="dm-toolbar__count" role="status" data-testid="task-count">
          {count}
        </span>
      </div>
      <div className="dm-toolbar__group">
        {props.storageSync}
        {whyNotLabel ? (
          <>
            <button type="button" className="button" disabled aria-describedby={whyId} title={whyNotLabel}>
              {labelText}
            </button>
            <span id={whyId} className="visually-hidden">
              {whyNotLabel}
            </span>
          </>
        ) : (
          <a className="button button--primary" href={routes.labelStream(projectId, picked, props.viewId)}>
            {labelText}
          </a>
        )}
        <a className={hasNoTasks ? 'button button--primary' : 'button'} href={routes.projectImport(projectId)}>
          Import
        </a>
        <button type="button" className="button" onClick={props.onExport} aria-haspopup="dialog">
          Export
        </button>
      </div>
    </div>
  );
}
