import { useRef, useState, type KeyboardEvent } from 'react';
import type { DmView } from '../../api/dataManager';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TabNameDialog } from './TabNameDialog';

interface ViewTabsProps {
  views: DmView[];
  activeId: number | null;
  panelId: string;
  onActivate: (id: number) => void;
  onCreate: (title: string) => void;
  onRename: (view: DmView, title: string) => void;
  onDuplicate: (view: DmView) => void;
  onDelete: (view: DmView) => void;
}

export const tabTitle = (view: DmView) => view.data.title?.trim() || `Tab ${view.id}`;

type Editing = { kind: 'create' } | { kind: 'rename'; view: DmView } | null;

/** The project's tabs: a tablist (arrow keys move between tabs) and the tab commands beside it. */
export function ViewTabs(props: ViewTabsProps) {
  const { views, activeId, panelId, onActivate } = props;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DmView | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const active = views.find((view) => view.id === activeId) ?? null;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = views.findIndex((view) => view.id === activeId);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || index < 0) return;
    event.preventDefault();
    const next = views[(index + step + views.length) % views.length]!;
    onActivate(next.id);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-view="${next.id}"]`)?.focus());
  };

  return (
    <div className="dm-tabs">
      <div role="tablist" aria-label="Tabs" className="dm-tabs__list" ref={list} onKeyDown={onKeyDown}>
        {views.map((view) => (
          <button
            key={view.id}
            type="button"
            role="tab"
            data-view={view.id}
            className="dm-tab"
            aria-selected={view.id === activeId}
            aria-controls={panelId}
            tabIndex={view.id === activeId ? 0 : -1}
            onClick={() => onActivate(view.id)}
            onDoubleClick={() => setEditing({ kind: 'rename', view })}
          >
            {tabTitle(view)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="icon-button dm-tabs__add"
        aria-label="Add tab"
        title="Add tab"
        onClick={() => setEditing({ kind: 'create' })}
      >
        +
      </button>
      {active && (
        <div className="dm-tabs__commands">
          <button
            type="button"
            className="button button--small"
            onClick={() => setEditing({ kind: 'rename', view: active })}
          >
            Rename tab
          </button>
          <button type="button" className="button button--small" onClick={() => props.onDuplicate(active)}>
            Duplicate tab
          </button>
          <button
            type="button"
            className="button button--small button--danger-quiet"
            onClick={() => setDeleting(active)}
          >
            Delete tab
          </button>
        </div>
      )}
      <TabNameDialog
        open={editing !== null}
        title={editing?.kind === 'rename' ? 'Rename tab' : 'New tab'}
        submitLabel={editing?.kind === 'rename' ? 'Rename' : 'Create tab'}
        initialName={editing?.kind === 'rename' ? tabTitle(editing.view) : `Tab ${views.length + 1}`}
        onClose={() => setEditing(null)}
        onSubmit={(name) => {
          if (editing?.kind === 'rename') props.onRename(editing.view, name);
          else props.onCreate(name);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        title="Delete this tab?"
        open={deleting !== null}
        confirmLabel="Delete tab"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) props.onDelete(deleting);
          setDeleting(null);
        }}
      >
        <p>The tab “{deleting ? tabTitle(deleting) : ''}” and its filters go. The tasks stay in the project.</p>
      </ConfirmDialog>
    </div>
  );
}
