import { useState } from 'react';
import {
  DEFAULT_SHORTCUTS,
  loadShortcuts,
  saveShortcuts,
  SHORTCUT_LABELS,
  type ShortcutAction,
} from '../labeling/shortcuts';
import { useToasts } from '../../components/toastContext';
import { AutoAdvanceSetting } from './AutoAdvanceSetting';
import { SettingsCard } from './SettingsCard';
import { ShortcutRow } from './ShortcutRow';
import { allDefaults, conflictingActions, SHORTCUT_ACTIONS, type Shortcuts } from './shortcutEditing';
import { FormError } from '../../components/FormError';

/** Saved at once on every change, in the same localStorage entry the labeling page reads. */
export function ShortcutsCard() {
  const toasts = useToasts();
  const [shortcuts, setShortcuts] = useState<Shortcuts>(() => loadShortcuts(window.localStorage));
  const [editing, setEditing] = useState<ShortcutAction | null>(null);

  const store = (next: Shortcuts, message: string) => {
    try {
      saveShortcuts(next, window.localStorage);
      setShortcuts(next);
      toasts.success(message);
    } catch (error) {
      toasts.error(`The shortcuts were not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const clashes = conflictingActions(shortcuts);
  return (
    <SettingsCard
      id="shortcuts"
      title="Labeling shortcuts"
      intro="Keys for the labeling page, beside the editor's own hotkeys (labels, tools). Kept on this computer."
    >
      {clashes.size > 0 && (
        <FormError>
          Some actions share a shortcut, so only one of them works. Change one of the marked shortcuts.
        </FormError>
      )}
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Shortcut</th>
            <th scope="col">
              <span className="visually-hidden">Change</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_ACTIONS.map((action) => (
            <ShortcutRow
              key={action}
              action={action}
              shortcuts={shortcuts}
              isEditing={editing === action}
              hasClash={clashes.has(action)}
              onEdit={() => setEditing(action)}
              onCancel={() => setEditing(null)}
              onAssign={(next, combo) => {
                setEditing(null);
                store(next, `“${SHORTCUT_LABELS[action]}” is now ${combo}.`);
              }}
            />
          ))}
        </tbody>
      </table>
      <div>
        <button
          type="button"
          className="button button--small"
          disabled={allDefaults(shortcuts)}
          onClick={() => {
            setEditing(null);
            store({ ...DEFAULT_SHORTCUTS }, 'Restored the default shortcuts.');
          }}
        >
          Restore defaults
        </button>
      </div>
      <AutoAdvanceSetting />
    </SettingsCard>
  );
}
