import type { HiddenColumns, TableColumn } from './columns';
import { Dialog } from '../../components/Dialog';

interface ColumnChooserProps {
  open: boolean;
  columns: TableColumn[];
  hidden: HiddenColumns;
  onToggle: (column: TableColumn, visible: boolean) => void;
  onClose: () => void;
}

/** Which columns the tab shows; each change is saved into the tab at once. */
export function ColumnChooser({ open, columns, hidden, onToggle, onClose }: ColumnChooserProps) {
  const hiddenIds = new Set(hidden.explore);
  const groups = [
    { title: 'Task data', columns: columns.filter((column) => column.isData) },
    { title: 'Task details', columns: columns.filter((column) => !column.isData) },
  ];
  return (
    <Dialog
      title="Columns"
      open={open}
      onClose={onClose}
      onSubmit={onClose}
      actions={
        <button type="submit" className="button button--primary">
          Done
        </button>
      }
    >
      <div className="dm-columns">
        {groups.map((group) =>
          group.columns.length === 0 ? null : (
            <fieldset key={group.title} className="dm-columns__group">
              <legend className="dm-columns__legend">{group.title}</legend>
              {group.columns.map((column) => (
                <label key={column.key} className="dm-columns__option">
                  <input
                    type="checkbox"
                    checked={!hiddenIds.has(column.viewId)}
                    onChange={(event) => onToggle(column, event.target.checked)}
                  />
                  <span>{column.title}</span>
                </label>
              ))}
            </fieldset>
          ),
        )}
      </div>
    </Dialog>
  );
}
