import { useState } from 'react';
import { useToasts } from '../../components/toastContext';
import { loadLabelingPreferences, saveLabelingPreferences } from '../labeling/labelingPreferences';

/** Whether the label stream moves on by itself after a submit or skip. Saved at once, on this computer. */
export function AutoAdvanceSetting() {
  const toasts = useToasts();
  const [preferences, setPreferences] = useState(() => loadLabelingPreferences(window.localStorage));
  const change = (autoAdvance: boolean) => {
    const next = { ...preferences, autoAdvance };
    try {
      saveLabelingPreferences(next, window.localStorage);
      setPreferences(next);
      toasts.success(autoAdvance ? 'The next task now follows each submit.' : 'A submitted task now stays on screen.');
    } catch (error) {
      toasts.error(`The setting was not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <label className="checkbox">
      <input type="checkbox" checked={preferences.autoAdvance} onChange={(event) => change(event.target.checked)} />
      Show the next task as soon as a task is submitted or skipped (off: it stays, and Next task moves on)
    </label>
  );
}
