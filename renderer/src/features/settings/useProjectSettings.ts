import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
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

/** One project's settings: the saved copy, the edited draft, and a save that PATCHes only what changed. */
export function useProjectSettings(projectId: number) {
  const client = useApi();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchProjectSettings(client, projectId, controller.signal).then(
      (saved) => setLoad({ status: 'ready', saved, draft: saved }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: String(error) });
      },
    );
    return () => controller.abort();
  }, [client, projectId]);

  const change = useCallback((changes: Partial<ProjectSettings>) => {
    setLoad((current) =>
      current.status === 'ready' ? { ...current, draft: { ...current.draft, ...changes } } : current,
    );
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
      const saved = await updateProjectSettings(client, projectId, changes);
      setLoad({ status: 'ready', saved, draft: saved });
      return true;
    } catch (error) {
      setErrors(fieldErrorsOf(error, Object.keys(draft)));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const discard = () =>
    setLoad((current) => (current.status === 'ready' ? { ...current, draft: current.saved } : current));

  const isDirty = load.status === 'ready' && Object.keys(changedSettings(load.saved, load.draft)).length > 0;
  return { load, errors, isSaving, isDirty, change, save, discard };
}
