import { EDITOR_HOTKEYS } from './shortcutPolicy';
import { SHORTCUT_LABELS, type ShortcutAction } from './shortcuts';
import { Dialog } from '../../components/Dialog';

interface ShortcutsHelpProps {
  open: boolean;
  shortcuts: Record<ShortcutAction, string>;
  onClose: () => void;
}

/** Both keymaps at a glance: the app's (changeable in the app settings) and the editor's own. */
export function ShortcutsHelp({ open, shortcuts, onClose }: ShortcutsHelpProps) {
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
          <dl className="shortcuts-help__list">
            {(Object.keys(SHORTCUT_LABELS) as ShortcutAction[]).map((action) => (
              <div key={action} className="shortcuts-help__row">
                <dt>
                  <kbd>{shortcuts[action]}</kbd>
                </dt>
                <dd>{SHORTCUT_LABELS[action]}</dd>
              </div>
            ))}
          </dl>
          <p className="muted shortcuts-help__note">
            Arrows move between tasks unless you are typing or a region is selected. Change these keys in the app
            settings.
          </p>
        </section>
        <section aria-label="Editor shortcuts">
          <h3 className="shortcuts-help__heading">Editor</h3>
          <dl className="shortcuts-help__list">
            {EDITOR_HOTKEYS.map((hotkey) => (
              <div key={hotkey.keys} className="shortcuts-help__row">
                <dt>
                  <kbd>{hotkey.keys}</kbd>
                </dt>
                <dd>{hotkey.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </Dialog>
  );
}
