import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import {
  changedSettings,
  fetchProjectSettings,
  fieldErrorsOf,
  updateProjectSettings,
  type FieldErrors,
  type ProjectSettings,
} from '../../api/projectSettings';
import { titleProblem } from '../projects/projectTitle';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; saved: ProjectSettings; draft: ProjectSettings };

/** Problems the page can tell without asking the server. */
function localErrors(draft: ProjectSettings): FieldErrors {
  const errors: FieldErrors = {};
  const title = titleProblem(draft.title);
  if (title) errors.title = title;
  if (!Number.isInteger(draft.maximum_annotations) || draft.maximum_annotations < 1) {
    errors.maximum_annotations = 'Enter a whole number of at least 1.';
  }
  return errors;
}

/**
 * One project's settings: the saved copy (a query), the edited draft (what the user changed, over
 * it), and a save that PATCHes only what changed and then refreshes what the project's other pages
 * read of it (title, config, counts).
 */
export function useProjectSettings(projectId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.projectSettings(projectId),
    queryFn: ({ signal }) => fetchProjectSettings(client, projectId, signal),
  });
  const [edits, setEdits] = useState<Partial<ProjectSettings>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  const saved = query.data;
  const draft = useMemo(() => saved && { ...saved, ...edits }, [saved, edits]);
  const load: Load =
    saved && draft
      ? { status: 'ready', saved, draft }
      : query.isError
        ? { status: 'error', message: String(query.error) }
        : { status: 'loading' };

  const change = useCallback((changes: Partial<ProjectSettings>) => {
    setEdits((current) => ({ ...current, ...changes }));
    // An edited field's old server error no longer applies.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as keyof FieldErrors];
      return next;
    });
  }, []);

  /** Resolves true when saved; field errors land in `errors`. */
  const save = async (): Promise<boolean> => {
    if (load.status !== 'ready' || isSaving) return false;
    const draft = { ...load.draft, title: load.draft.title.trim(), description: load.draft.description.trim() };
    const problems = localErrors(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return false;
    const changes = changedSettings(load.saved, draft);
    if (Object.keys(changes).length === 0) return true;
    setSaving(true);
    try {
      const answer = await updateProjectSettings(client, projectId, changes);
      queryClient.setQueryData(queryKeys.projectSettings(projectId), answer);
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectLists });
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error, Object.keys(draft)));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const discard = () => setEdits({});

  const isDirty = load.status === 'ready' && Object.keys(changedSettings(load.saved, load.draft)).length > 0;
  return { load, errors, isSaving, isDirty, change, save, discard };
}
