import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import type { DmTask } from '../../api/dataManager';
import { gridTemplate } from './columnWidths';
import type { TableColumn } from './columns';
import { HEADER_HEIGHT, OVERSCAN, ROW_HEIGHT } from './gridMetrics';
import { isSelected, type Selection } from './selection';
import { scrollSpace, virtualWindow, type WindowGeometry } from './virtualWindow';
import { GridHeader } from './GridHeader';
import { TaskRow } from './TaskRow';
import type { ColumnWidthsState } from './useColumnWidths';
import { DmUsersContext, type UsersById } from './useDmUsers';
import { useGridKeyboard } from './useGridKeyboard';
import { useTaskPages } from './useTaskPages';

interface TaskTableProps {
  id: string;
  label: string;
  projectId: number;
  viewId: number;
  /** What the list shows (tab, filters, ordering): another one starts at the top. */
  listKey: string;
  columns: TableColumn[];
  ordering: string[];
  selection: Selection;
  selectedTotal: number;
  onTotal: (total: number | null, error: string | null) => void;
  onSort: (column: TableColumn) => void;
  onSelectAll: (selected: boolean) => void;
  onToggleRows: (tasks: DmTask[], selected: boolean, anchor: number) => void;
  onOpen: (task: DmTask) => void;
  rangeAnchor: number | null;
  widths: ColumnWidthsState;
  /** Who the users columns name. */
  users: UsersById;
}

/**
 * The virtualized task grid: only the rows on screen (plus a few) exist in the DOM, drawn inside
 * a scroll space scaled to stay under Chromium's element height cap (see virtualWindow.ts).
 */
export function TaskTable(props: TaskTableProps) {
  const { projectId, viewId, listKey, columns, selection } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(600);
  const [range, setRange] = useState({ first: 0, last: -1 });
  const pages = useTaskPages(projectId, viewId, listKey, range.first, range.last);
  const total = pages.total ?? 0;
  const geometry: WindowGeometry = { rowCount: total, rowHeight: ROW_HEIGHT, viewportHeight, overscan: OVERSCAN };
  const windowRows = virtualWindow(geometry, scrollTop);
  const { spaceHeight } = scrollSpace(geometry);
  const { onTotal } = props;

  useEffect(() => onTotal(pages.total, pages.error), [onTotal, pages.total, pages.error]);

  // The pages follow the window, a render behind: the window itself needs the total the pages give.
  if (range.first !== windowRows.first || range.last !== windowRows.last) {
    setRange({ first: windowRows.first, last: windowRows.last });
  }

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewportHeight(Math.max(1, element.clientHeight - HEADER_HEIGHT));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new list starts at the top: the window at once, the element once it is drawn.
  const [shownList, setShownList] = useState(listKey);
  if (shownList !== listKey) {
    setShownList(listKey);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [listKey]);

  const scrollTo = useCallback((top: number) => {
    if (scroller.current) scroller.current.scrollTop = top;
  }, []);
  const { active, setActive, onKeyDown } = useGridKeyboard({
    scrollTo,
    geometry,
    scrollTop,
    rowAt: pages.rowAt,
    onOpen: props.onOpen,
    onToggle: (task, index) => props.onToggleRows([task], !isSelected(selection, task.id), index),
  });

  const { rowAt } = pages;
  const { onOpen } = props;
  const onOpenRow = useCallback(
    (index: number) => {
      const task = rowAt(index);
      if (task) onOpen(task);
    },
    [rowAt, onOpen],
  );

  const onToggleRow = (index: number, event: MouseEvent) => {
    const task = pages.rowAt(index);
    if (!task) return;
    setActive(index);
    const selected = !isSelected(selection, task.id);
    if (event.shiftKey && props.rangeAnchor !== null) {
      const from = Math.min(props.rangeAnchor, index);
      const to = Math.max(props.rangeAnchor, index);
      const tasks: DmTask[] = [];
      for (let at = from; at <= to; at += 1) {
        const row = pages.rowAt(at);
        if (row) tasks.push(row);
      }
      props.onToggleRows(tasks, isSelected(selection, pages.rowAt(props.rangeAnchor)?.id ?? task.id), index);
    } else {
      props.onToggleRows([task], selected, index);
    }
  };

  const { template, minTotal } = gridTemplate(columns, props.widths.defaults, props.widths.chosen);
  const style = { '--dm-columns': template, '--dm-min-width': `${minTotal}px` } as CSSProperties;
  const selectedTotal = props.selectedTotal;
  const allState = total > 0 && selectedTotal === total ? 'all' : selectedTotal > 0 ? 'some' : 'none';
  const rows = [];
  for (let index = windowRows.first; index <= windowRows.last; index += 1) {
    const task = pages.rowAt(index);
    rows.push(
      <TaskRow
        key={index}
        index={index}
        projectId={projectId}
        rowId={`${props.id}-row-${index}`}
        task={task}
        columns={columns}
        top={windowRows.firstTop + (index - windowRows.first) * ROW_HEIGHT}
        selected={task ? isSelected(selection, task.id) : false}
        active={index === active}
        onOpen={onOpenRow}
        onToggle={onToggleRow}
      />,
    );
  }
  const activeRendered = active !== null && active >= windowRows.first && active <= windowRows.last;

  return (
    <div
      ref={scroller}
      id={props.id}
      role="grid"
      aria-label={props.label}
      aria-rowcount={total + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRendered ? `${props.id}-row-${active}` : undefined}
      tabIndex={0}
      className="dm-grid"
      style={style}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        // Focus on the header's buttons and handles is theirs; the rows wait for the grid itself.
        if (event.target === event.currentTarget && active === null && total > 0) setActive(windowRows.first);
      }}
    >
      <GridHeader
        columns={columns}
        ordering={props.ordering}
        allState={allState}
        disabled={total === 0}
        onSelectAll={props.onSelectAll}
        onSort={props.onSort}
        widths={props.widths}
      />
      <div role="rowgroup" className="dm-grid__body" style={{ height: spaceHeight }}>
        <DmUsersContext.Provider value={props.users}>{rows}</DmUsersContext.Provider>
      </div>
    </div>
  );
}
