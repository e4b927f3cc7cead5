import { useId, useState } from 'react';
import type { TableColumn } from './columns';
import {
  columnOfFilter,
  defaultValue,
  isCompleteFilter,
  newFilterItem,
  operatorsFor,
  type FilterItem,
  type Filters,
} from './filters';
import { Dialog } from '../../components/Dialog';
import { FilterValueInput } from './FilterValueInput';
import { OPERATOR_LABELS } from './filters';

/** Why Apply filters waits, said on the button itself. */
const INCOMPLETE_FILTER =
  'Finish or remove the incomplete filter line first: each needs a column, a condition and a value.';

interface FilterEditorProps {
  open: boolean;
  columns: TableColumn[];
  filters: Filters;
  onClose: () => void;
  onApply: (filters: Filters) => void;
}

/** The tab's filter lines: column, operator for its type, value; all or any of them must match. */
export function FilterEditor({ open, columns, filters, onClose, onApply }: FilterEditorProps) {
  const [draft, setDraft] = useState<Filters>(filters);
  // Each opening starts from the tab's filters as saved.
  const [opened, setOpened] = useState({ open, filters });
  if (opened.open !== open || opened.filters !== filters) {
    setOpened({ open, filters });
    if (open) setDraft(filters);
  }

  const columnFor = (item: FilterItem) => columns.find((column) => column.key === columnOfFilter(item));
  const setItem = (index: number, item: FilterItem) =>
    setDraft({ ...draft, items: draft.items.map((old, at) => (at === index ? item : old)) });
  const incomplete = draft.items.some((item) => !isCompleteFilter(item));
  const incompleteId = useId();

  return (
    <Dialog
      title="Filters"
      open={open}
      onClose={onClose}
      className="dm-filter-dialog"
      onSubmit={() => {
        if (!incomplete) onApply(draft);
      }}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={incomplete}
            title={incomplete ? INCOMPLETE_FILTER : undefined}
            aria-describedby={incomplete ? incompleteId : undefined}
          >
            Apply filters
          </button>
          {incomplete && (
            <span id={incompleteId} className="visually-hidden">
              {INCOMPLETE_FILTER}
            </span>
          )}
        </>
      }
    >
      {draft.items.length === 0 ? (
        <p className="muted">No filters: the tab shows every task.</p>
      ) : (
        <fieldset className="dm-filters">
          <legend className="visually-hidden">Filter lines</legend>
          <label className="dm-filters__conjunction">
            <span>Show tasks that match</span>
            <select
              className="input"
              value={draft.conjunction}
              onChange={(event) => setDraft({ ...draft, conjunction: event.target.value === 'or' ? 'or' : 'and' })}
            >
              <option value="and">all of</option>
              <option value="or">any of</option>
            </select>
            <span>these filters</span>
          </label>
          {draft.items.map((item, index) => {
            const column = columnFor(item);
            const line = index + 1;
            return (
              <div className="dm-filter" key={index} role="group" aria-label={`Filter ${line}`}>
                <select
                  className="input"
                  aria-label={`Column of filter ${line}`}
                  value={column?.key ?? ''}
                  onChange={(event) => {
                    const next = columns.find((candidate) => candidate.key === event.target.value);
                    if (next) setItem(index, newFilterItem(next.key, next.type));
                  }}
                >
                  {columns.map((candidate) => (
                    <option key={candidate.key} value={candidate.key}>
                      {candidate.title}
                    </option>
                  ))}
                </select>
                <select
                  className="input"
                  aria-label={`Operator of filter ${line}`}
                  value={item.operator}
                  onChange={(event) =>
                    setItem(index, {
                      ...item,
                      operator: event.target.value,
                      value: defaultValue(item.type, event.target.value),
                    })
                  }
                >
                  {operatorsFor(item.type).map((operator) => (
                    <option key={operator} value={operator}>
                      {OPERATOR_LABELS[operator] ?? operator}
                    </option>
                  ))}
                </select>
                <FilterValueInput item={item} line={line} onChange={(value) => setItem(index, { ...item, value })} />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove filter ${line}`}
                  title="Remove filter"
                  onClick={() => setDraft({ ...draft, items: draft.items.filter((_, at) => at !== index) })}
                >
                  ×
                </button>
              </div>
            );
          })}
        </fieldset>
      )}
      <div className="dm-filters__footer">
        <button
          type="button"
          className="button button--small"
          disabled={columns.length === 0}
          onClick={() => {
            const first = columns[0]!;
            setDraft({ ...draft, items: [...draft.items, newFilterItem(first.key, first.type)] });
          }}
        >
          Add filter
        </button>
        {draft.items.length > 0 && (
          <button type="button" className="button button--small" onClick={() => setDraft({ ...draft, items: [] })}>
            Clear all
          </button>
        )}
      </div>
    </Dialog>
  );
}
