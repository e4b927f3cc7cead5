import { sortActionTitle, sortOf, type TableColumn } from './columns';
import { ColumnResizer } from './ColumnResizer';
import type { ColumnWidthsState } from './useColumnWidths';

interface GridHeaderProps {
  columns: TableColumn[];
  ordering: string[];
  allState: 'all' | 'some' | 'none';
  disabled: boolean;
  onSelectAll: (selected: boolean) => void;
  onSort: (column: TableColumn) => void;
  widths: ColumnWidthsState;
}

/** The header row: select all, a sort button per column (ascending, then descending), a resize handle per column. */
export function GridHeader({ columns, ordering, allState, disabled, onSelectAll, onSort, widths }: GridHeaderProps) {
  return (
    <div role="rowgroup" className="dm-grid__head">
      <div role="row" aria-rowindex={1} className="dm-row dm-row--head">
        <div role="columnheader" className="dm-cell dm-cell--check">
          <input
            type="checkbox"
            aria-label="Select all tasks"
            disabled={disabled}
            checked={allState === 'all'}
            ref={(input) => {
              if (input) input.indeterminate = allState === 'some';
            }}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
        </div>
        {columns.map((column) => {
          const sort = sortOf(ordering, column.viewId);
          return (
            // Named by its title alone: the resize handle inside would otherwise join the name.
            <div
              role="columnheader"
              className="dm-cell dm-cell--head"
              key={column.key}
              aria-sort={sort}
              aria-label={column.title}
            >
              <button
                type="button"
                className="dm-sort"
                title={sortActionTitle(sort, column.title)}
                onClick={() => onSort(column)}
              >
                <span className="dm-sort__title">{column.title}</span>
                <span className="dm-sort__icon" aria-hidden="true">
                  {sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : ''}
                </span>
              </button>
              <ColumnResizer
                title={column.title}
                width={widths.chosen[column.key] ?? widths.defaults[column.key] ?? 0}
                onResize={(width, remember) => widths.resize(column.key, width, remember)}
                onReset={() => widths.reset(column.key)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
