import { useCallback, useState } from 'react';
import { isDestructive, type DmAction, type DmTask, type DmView } from '../api/dataManager';
import { RETRIEVE_PREDICTIONS } from '../api/predictionJobs';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ColumnChooser } from '../features/dm/ColumnChooser';
import { DmToolbar } from '../features/dm/DmToolbar';
import { FilterEditor } from '../features/dm/FilterEditor';
import { RetrievePredictionsDialog } from '../features/dm/RetrievePredictionsDialog';
import { TaskTable } from '../features/dm/TaskTable';
import { tabTitle, ViewTabs } from '../features/dm/ViewTabs';
import { useBulkAction } from '../features/dm/useBulkAction';
import { useColumnWidths } from '../features/dm/useColumnWidths';
import { useDmMeta } from '../features/dm/useDmMeta';
import { useDmUsers } from '../features/dm/useDmUsers';
import { useDmViews } from '../features/dm/useDmViews';
import { useTasksChanged } from '../features/dm/useTasksChanged';
import { usePredictionRun } from '../features/dm/usePredictionRun';
import { EmptyState } from '../components/EmptyState';
import { StorageSyncButton } from '../features/storages/StorageSyncButton';
import { ExportDialog } from '../features/export/ExportDialog';
import { ProjectNav } from '../features/projects/ProjectNav';
import { hiddenColumnsOf, orderingFor, toggleHidden, visibleColumns, type TableColumn } from '../features/dm/columns';
import type { Filters } from '../features/dm/filters';
import {
  EMPTY_SELECTION,
  selectAll,
  selectedCount,
  selectedItems,
  setSelected,
  type Selection,
} from '../features/dm/selection';
import { routes } from '../router';
import '../styles/dataManager.css';
import '../styles/dataManagerGrid.css';
import '../styles/dataManagerDialogs.css';
import { formatCount } from '../../../shared/text/counts';
import { FormError } from '../components/FormError';

const NO_FILTERS: Filters = { conjunction: 'and', items: [] };
const NO_COLUMNS: TableColumn[] = [];
type Panel = 'filters' | 'columns' | 'export' | null;

/** The project's tasks: tabs of saved filters, a toolbar, and a virtualized grid over any number of tasks. */
export function DataManagerPage({ projectId }: { projectId: number }) {
  const meta = useDmMeta(projectId);
  const tabs = useDmViews(projectId);
  const users = useDmUsers();
  const tasksChanged = useTasksChanged(projectId);
  const widths = useColumnWidths(projectId, meta.status === 'ready' ? meta.columns : NO_COLUMNS);
  const [panel, setPanel] = useState<Panel>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [count, setCount] = useState<{ total: number | null; error: string | null }>({ total: null, error: null });
  const view = tabs.active;
  const filters = view?.data.filters ?? NO_FILTERS;
  const ordering = view?.data.ordering ?? [];
  const total = count.total;

  const onTotal = useCallback((next: number | null, error: string | null) => setCount({ total: next, error }), []);
  const clearSelection = () => {
    setSelection(EMPTY_SELECTION);
    setAnchor(null);
  };
  const reload = () => {
    clearSelection();
    tasksChanged();
  };
  const currentSelection = () => ({ selectedItems: selectedItems(selection), filters, ordering });
  const action = useBulkAction(projectId, currentSelection, reload);
  const predictions = usePredictionRun(projectId, currentSelection, reload);
  // Retrieving predictions can take long: it gets its own dialog with progress and a Cancel button.
  const chooseAction = (chosen: DmAction) =>
    chosen.id === RETRIEVE_PREDICTIONS ? predictions.open() : action.choose(chosen);

  const changeView = async (target: DmView, data: DmView['data']) => {
    if (await tabs.update(target, data)) clearSelection();
  };

  if (meta.status === 'error' || tabs.load.status === 'error') {
    const message = meta.status === 'error' ? meta.message : tabs.load.status === 'error' ? tabs.load.message : '';
    return (
      <div className="notice notice--error" role="alert">
        <p>The data manager could not be loaded: {message}</p>
        <a className="button" href={routes.projects}>
          Back to projects
        </a>
      </div>
    );
  }
  if (meta.status === 'loading' || !view) return <p role="status">Loading the data manager…</p>;

  const hidden = hiddenColumnsOf(view.data, meta.columns);
  const shown = visibleColumns(meta.columns, hidden);
  // The list follows the saved tab (the server reads it), not the edit still on its way.
  const stored = tabs.activeSaved ?? view.data;
  const listKey = `${view.id}|${JSON.stringify(stored.filters ?? NO_FILTERS)}|${JSON.stringify(stored.ordering ?? [])}`;
  const selected = total === null ? 0 : selectedCount(selection, total);
  const emptyProject = total === 0 && filters.items.length === 0;

  return (
    <section className="page dm-page" aria-labelledby="dm-heading">
      <ProjectNav projectId={projectId} title={meta.title} current="projectData" />
      <h1 id="dm-heading" className="visually-hidden">
        Tasks of {meta.title || 'Untitled project'}
      </h1>
      <ViewTabs
        views={tabs.views}
        activeId={view.id}
        panelId="dm-tasks"
        onActivate={(id) => {
          tabs.activate(id);
          clearSelection();
        }}
        onCreate={(title) => void tabs.add({ title })}
        onRename={(target, title) => void changeView(target, { ...target.data, title })}
        onDuplicate={(target) => void tabs.add({ ...target.data, title: `${tabTitle(target)} (copy)` })}
        onDelete={(target) => void tabs.remove(target)}
      />
      <DmToolbar
        projectId={projectId}
        viewId={view.id}
        filterCount={filters.items.length}
        total={total}
        selected={selected}
        pickedTaskIds={selection.all ? [] : [...selection.ids]}
        actions={meta.actions}
        onFilters={() => setPanel('filters')}
        onColumns={() => setPanel('columns')}
        onAction={chooseAction}
        onExport={() => setPanel('export')}
        storageSync={<StorageSyncButton projectId={projectId} onTasksAdded={reload} />}
      />
      {count.error && <FormError>The tasks could not be loaded: {count.error}</FormError>}
      {emptyProject && (
        <EmptyState title="No tasks yet">
          <p className="muted">Import data to create the tasks of this project.</p>
          <a className="button button--primary" href={routes.projectImport(projectId)}>
            Import data
          </a>
        </EmptyState>
      )}
      <div className="dm-table-area" hidden={emptyProject}>
        <TaskTable
          id="dm-tasks"
          label={`Tasks of tab ${tabTitle(view)}`}
          projectId={projectId}
          viewId={view.id}
          listKey={listKey}
          columns={shown}
          ordering={ordering}
          selection={selection}
          selectedTotal={selected}
          rangeAnchor={anchor}
          onTotal={onTotal}
          onSort={(column) => void changeView(view, { ...view.data, ordering: orderingFor(ordering, column.viewId) })}
          onSelectAll={(all) => (all ? setSelection(selectAll()) : clearSelection())}
          onToggleRows={(rows: DmTask[], value: boolean, index: number) => {
            setSelection((current) =>
              setSelected(
                current,
                rows.map((row) => row.id),
                value,
              ),
            );
            setAnchor(index);
          }}
          onOpen={(task) => {
            window.location.hash = routes.labelTask(projectId, task.id);
          }}
          widths={widths}
          users={users}
        />
        {total === 0 && !emptyProject && (
          <p className="dm-no-match" role="status">
            No tasks match the filters of this tab.
          </p>
        )}
      </div>
      <FilterEditor
        open={panel === 'filters'}
        columns={meta.columns}
        filters={filters}
        onClose={() => setPanel(null)}
        onApply={(next) => {
          setPanel(null);
          void changeView(view, { ...view.data, filters: next });
        }}
      />
      <ColumnChooser
        open={panel === 'columns'}
        columns={meta.columns}
        hidden={hidden}
        onClose={() => setPanel(null)}
        onToggle={(column, visible) =>
          void tabs.update(view, { ...view.data, hiddenColumns: toggleHidden(hidden, column.viewId, visible) })
        }
      />
      <ExportDialog
        projectId={projectId}
        projectTitle={meta.title}
        open={panel === 'export'}
        onClose={() => setPanel(null)}
      />
      <ConfirmDialog
        title={action.pending?.dialog?.title || `${action.pending?.title ?? 'Run action'}?`}
        open={action.pending !== null}
        confirmLabel={action.pending ? `${action.pending.title} (${formatCount(selected)})` : 'Run'}
        busy={action.busy}
        busyLabel="Working…"
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        <p>{action.pending?.dialog?.text}</p>
        {action.pending && isDestructive(action.pending) && <p className="muted">This cannot be undone.</p>}
      </ConfirmDialog>
      <RetrievePredictionsDialog
        run={predictions.run}
        selected={selected}
        onStart={predictions.start}
        onCancel={predictions.cancel}
        onClose={predictions.close}
      />
    </section>
  );
}
