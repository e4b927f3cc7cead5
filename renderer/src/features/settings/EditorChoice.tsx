import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { chooseProjectEditor, getProjectEditorChoices } from '../../api/projectEditor';
import { queryKeys } from '../../api/queryKeys';
import { sourceName } from '../labeling/editorChoice';
import { BUNDLED_EDITOR_VERSION } from '../../../../shared/api/editor';
import { FormError } from '../../components/FormError';

interface EditorChoiceProps {
  projectId: number;
}

const BUNDLED = '';

/**
 * Which editor labels a project made here: the bundled one unless someone picks one a team
 * server brought. That editor is the server's code, so it never runs for a project unless it
 * was chosen for it here (it runs sandboxed all the same). A mirrored project has no choice: it
 * labels with its own server's editor. Saved at once, apart from the other settings.
 */
export function EditorChoice({ projectId }: EditorChoiceProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.editorChoices(projectId),
    queryFn: ({ signal }) => getProjectEditorChoices(client, projectId, signal),
  });
  const choices = query.data;
  if (!choices) return null;
  if (!choices.choosable) {
    return (
      <p className="muted" data-testid="editor-choice">
        This project mirrors a team server and labels with that server's own editor.
      </p>
    );
  }
  if (choices.editors.length === 0 && choices.chosen === null) return null;

  const choose = async (value: string) => {
    setSaving(true);
    setError(null);
    try {
      await chooseProjectEditor(client, projectId, value === BUNDLED ? null : value);
      // What shows the editor (the preview, the labeling page) loads the chosen one.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.editorChoices(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projectEditor(projectId) }),
      ]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="field" data-testid="editor-choice">
      <label className="field__label" htmlFor={id}>
        Editor
      </label>
      <select
        id={id}
        className="input"
        aria-describedby={hintId}
        value={choices.chosen ?? BUNDLED}
        disabled={saving}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value={BUNDLED}>{`Bundled editor ${BUNDLED_EDITOR_VERSION}`}</option>
        {choices.editors.map((editor) => (
          <option key={editor.key} value={editor.key}>
            {`Label Studio ${editor.version} editor, from ${sourceName(editor.source) ?? editor.source}`}
          </option>
        ))}
      </select>
      <p id={hintId} className="field__hint">
        An editor from a team server is that server's code: pick one only from a server you trust. It runs apart from
        the app, with no access to your data beyond the task on screen.
      </p>
      {error && <FormError>{error}</FormError>}
    </div>
  );
}
