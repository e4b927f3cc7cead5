import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getProjectEditor, type ProjectEditor } from '../../api/projectEditor';
import { queryKeys } from '../../api/queryKeys';
import { bundledInstead, bundledWhenUnknown } from './editorChoice';

export interface ProjectEditorState {
  /** Null until the server answers; the editor frame waits for it, since it loads one or the other. */
  editor: ProjectEditor | null;
  /** A cached editor's files did not load in the frame: the bundled editor takes over, with a notice. */
  fallBack(reason: string): void;
}

/**
 * Which editor labels the project (shared by the labeling page and the config preview; choosing
 * another in the settings invalidates it). A cached editor whose files failed stays replaced by
 * the bundled one until the server names another.
 */
export function useProjectEditor(projectId: number): ProjectEditorState {
  const client = useApi();
  const query = useQuery({
    queryKey: queryKeys.projectEditor(projectId),
    queryFn: ({ signal }) => getProjectEditor(client, projectId, signal),
  });
  const [failed, setFailed] = useState<{ key: string; reason: string } | null>(null);
  const { data, error } = query;

  // One object per answer (the frame and the preview follow its identity), not one per render.
  const editor = useMemo(() => {
    // Labeling still works with the bundled editor; the notice says why it is that one.
    if (!data) return error ? bundledWhenUnknown(error) : null;
    return data.kind === 'cached' && data.key === failed?.key ? bundledInstead(data, failed.reason) : data;
  }, [data, error, failed]);

  const cachedKey = data?.kind === 'cached' ? data.key : null;
  const fallBack = useCallback(
    (reason: string) => {
      if (cachedKey !== null) setFailed({ key: cachedKey, reason });
    },
    [cachedKey],
  );

  return { editor, fallBack };
}
