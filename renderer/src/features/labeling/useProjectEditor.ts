import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getProjectEditor, type ProjectEditor } from '../../api/projectEditor';
import { bundledInstead, bundledWhenUnknown } from './editorChoice';

export interface ProjectEditorState {
  /** Null until the server answers; the editor frame waits for it, since it loads one or the other. */
  editor: ProjectEditor | null;
  /** A cached editor's files did not load in the frame: the bundled editor takes over, with a notice. */
  fallBack(reason: string): void;
}

/** Which editor labels the project: asked once per project, then only a failing cached editor changes it. */
export function useProjectEditor(projectId: number): ProjectEditorState {
  const client = useApi();
  const [editor, setEditor] = useState<ProjectEditor | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setEditor(null);
    getProjectEditor(client, projectId, controller.signal).then(setEditor, (error: unknown) => {
      // Labeling still works with the bundled editor; the notice says why it is that one.
      if (!controller.signal.aborted) setEditor(bundledWhenUnknown(error));
    });
    return () => controller.abort();
  }, [client, projectId]);

  const fallBack = useCallback((reason: string) => {
    setEditor((current) => (current?.kind === 'cached' ? bundledInstead(current, reason) : current));
  }, []);

  return { editor, fallBack };
}
