import { useMemo } from 'react';
import { configHotkeys } from './configHotkeys';
import { EDITOR_HOTKEYS } from './shortcutPolicy';
import { SHORTCUT_LABELS, type ShortcutAction } from './shortcuts';
import { Dialog } from '../../components/Dialog';

interface ShortcutsHelpProps {
  open: boolean;
  shortcuts: Record<ShortcutAction, string>;
  /** The project's labeling config: the keys it binds itself are listed too. */
  config: string;
  onClose: () => void;
}

/**
 * Every key at a glance: the app's (changeable in the app settings), the editor's own, and those
 * the project's labeling config binds.
 */
export function ShortcutsHelp({ open, shortcuts, config, onClose }: ShortcutsHelpProps) {
  const fromConfig = useMemo(() => (open ? configHotkeys(config) : []), [open, config]);
  return (
    <Dialog
      title="Keyboard shortcuts"
      open={open}
      onClose={onClose}
      className="shortcuts-help"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="shortcuts-help__columns">
        <section aria-label="Outpost shortcuts">
          <h3 className="shortcuts-help__heading">Outpost</h3>
          <KeyList
            keys={(Object.keys(SHORTCUT_LABELS) as ShortcutAction[]).map((action) => ({
              keys: shortcuts[action],
              description: SHORTCUT_LABELS[action],
            }))}
          />
          <p className="muted shortcuts-help__note">
            Arrows move between tasks unless you are typing or a region is selected. Change these keys in the app
            settings.
          </p>
        </section>
        <section aria-label="Editor shortcuts">
          <h3 className="shortcuts-help__heading">Editor</h3>
          <KeyList keys={EDITOR_HOTKEYS} />
          {fromConfig.length > 0 && (
            <>
              <h3 className="shortcuts-help__heading">This project’s labeling config</h3>
              <KeyList keys={fromConfig} label="Labeling config shortcuts" />
            </>
          )}
        </section>
      </div>
    </Dialog>
  );
}

function KeyList({ keys, label }: { keys: readonly { keys: string; description: string }[]; label?: string }) {
  return (
    <dl className="shortcuts-help__list" aria-label={label}>
      {keys.map((hotkey, index) => (
        <div key={`${hotkey.keys}-${index}`} className="shortcuts-help__row">
          <dt>
            <kbd>{hotkey.keys}</kbd>
          </dt>
          <dd>{hotkey.description}</dd>
        </div>
      ))}
    </dl>
  );
}
