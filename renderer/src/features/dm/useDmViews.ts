import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { createView, deleteView, listViews, saveView, type DmView, type DmViewData } from '../../api/dataManager';
import { useToasts } from '../../components/toastContext';

type ViewsLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; views: DmView[] };

const activeKey = (project: number) => `outpost.dm.activeTab.${project}`;

function readActive(project: number): number | null {
  const stored = Number(localStorage.getItem(activeKey(project)));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The project's Data Manager tabs, in the server's order, and the one on screen (remembered per
 * project on this machine). A project without tabs gets a "Default" one, as Label Studio does.
 * Every change is saved first and shown from the server's answer, so the task list (which reads
 * the stored tab) always agrees with what the toolbar shows. Writes change the cached tabs in place.
 */
export function useDmViews(projectId: number) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<number | null>(() => readActive(projectId));
  /** Each tab's data as last saved: the task list reads the stored tab, so it follows this. */
  const [saved, setSaved] = useState<Record<number, DmViewData>>({});
  const query = useQuery({
    queryKey: queryKeys.dmViews(projectId),
    queryFn: async ({ signal }) => {
      const views = await listViews(client, projectId, signal);
      return views.length > 0 ? views : [await createView(client, projectId, { title: 'Default' })];
    },
  });
  const load: ViewsLoad = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: messageOf(query.error) }
      : { status: 'ready', views: query.data };
  const setViews = (update: (views: DmView[]) => DmView[]) =>
    queryClient.setQueryData<DmView[]>(queryKeys.dmViews(projectId), (current) => current && update(current));

  const views = load.status === 'ready' ? load.views : [];
  const active = views.find((view) => view.id === activeId) ?? views[0] ?? null;

  const activate = useCallback(
    (id: number) => {
      setActiveId(id);
      localStorage.setItem(activeKey(projectId), String(id));
    },
    [projectId],
  );

  const replace = (saved: DmView) =>
    setViews((current) => current.map((view) => (view.id === saved.id ? saved : view)));

  /**
   * Shows new data for a tab at once and saves it; on a refusal the tab goes back to what the
   * server has, and the user is told. Resolves true once saved.
   */
  const update = async (view: DmView, data: DmViewData): Promise<boolean> => {
    // Until this save answers, the task list keeps reading what the server holds now: reading the
    // edit at once would race the save and could cache the old rows under the new tab's key.
    setSaved((current) => (view.id in current ? current : { ...current, [view.id]: view.data }));
    replace({ ...view, data });
    try {
      const saved = await saveView(client, { ...view, data });
      setSaved((current) => ({ ...current, [saved.id]: saved.data }));
      return true;
    } catch (error) {
      replace(view);
      toasts.error(`The tab was not saved: ${messageOf(error)}`);
      return false;
    }
  };

  const add = async (data: DmViewData) => {
    try {
      const created = await createView(client, projectId, data);
      setViews((current) => [...current, created]);
      activate(created.id);
    } catch (error) {
      toasts.error(`The tab was not created: ${messageOf(error)}`);
    }
  };

  const remove = async (view: DmView) => {
    try {
      await deleteView(client, view.id);
      const rest = views.filter((other) => other.id !== view.id);
      if (rest.length === 0) rest.push(await createView(client, projectId, { title: 'Default' }));
      setViews(() => rest);
      if (active?.id === view.id) activate(rest[0]!.id);
    } catch (error) {
      toasts.error(`The tab was not deleted: ${messageOf(error)}`);
    }
  };

  const activeSaved = active ? (saved[active.id] ?? active.data) : null;
  return { load, views, active, activeSaved, activate, update, add, remove };
}
