import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULT_SHORTCUTS, SHORTCUT_LABELS, type KeyCombo, type ShortcutAction } from '../labeling/shortcuts';
import { assignShortcut, captureKey, comboParts, isDefault, type Shortcuts } from './shortcutEditing';

interface ShortcutRowProps {
  action: ShortcutAction;
  shortcuts: Shortcuts;
  isEditing: boolean;
  hasClash: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onAssign: (next: Shortcuts, combo: KeyCombo) => void;
}

export function Keys({ combo }: { combo: KeyCombo }) {
  return (
    <span className="keys">
      {comboParts(combo).map((part, index) => (
        <kbd key={index}>{part}</kbd>
      ))}
    </span>
  );
}

/** One action: its combo, and a capture field that records the next key combination pressed. */
export function ShortcutRow({ action, shortcuts, isEditing, hasClash, onEdit, onCancel, onAssign }: ShortcutRowProps) {
  const label = SHORTCUT_LABELS[action];
  const [problem, setProblem] = useState<string | null>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const hintId = useId();

  // A problem is about one recording: it goes when the recording ends.
  const [recording, setRecording] = useState(isEditing);
  if (recording !== isEditing) {
    setRecording(isEditing);
    if (!isEditing) setProblem(null);
  }

  // Back on the Change button once recording ends, so keyboard users keep their place.
  useEffect(() => {
    if (wasEditing.current && !isEditing) changeRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const record = (event: KeyboardEvent<HTMLInputElement>) => {
    const result = captureKey(event);
    if (result.kind === 'leave') return onCancel();
    event.preventDefault();
    if (result.kind === 'cancel') return onCancel();
    if (result.kind === 'pending') return;
    const assigned = assignShortcut(shortcuts, action, result.combo);
    if (assigned.ok) return onAssign(assigned.shortcuts, result.combo);
    const others = assigned.conflict.map((other) => `“${SHORTCUT_LABELS[other]}”`).join(', ');
    setProblem(`${result.combo} is already used by ${others}. Press other keys, or Escape to cancel.`);
  };

  const reset = () => {
    const assigned = assignShortcut(shortcuts, action, DEFAULT_SHORTCUTS[action]);
    if (assigned.ok) onAssign(assigned.shortcuts, DEFAULT_SHORTCUTS[action]);
    else setProblem(`The default, ${DEFAULT_SHORTCUTS[action]}, is in use by another action: change that one first.`);
  };

  return (
    <tr className={hasClash ? 'shortcut-row shortcut-row--clash' : 'shortcut-row'}>
      <th scope="row">{label}</th>
      <td>
        {isEditing ? (
          <div className="shortcut-capture">
            <input
              className="input shortcut-capture__field"
              readOnly
              autoFocus
              aria-label={`New shortcut for ${label}`}
              aria-describedby={hintId}
              aria-invalid={problem !== null}
              placeholder="Press the new keys…"
              onKeyDown={record}
              onBlur={onCancel}
            />
            <span id={hintId} className={problem ? 'field__error' : 'field__hint'} role={problem ? 'alert' : undefined}>
              {problem ?? 'Escape cancels.'}
            </span>
          </div>
        ) : (
          <>
            <Keys combo={shortcuts[action]} />
            {hasClash && <span className="badge badge--danger">Conflict</span>}
            {!hasClash && problem && (
              <span className="field__error" role="alert">
                {problem}
              </span>
            )}
          </>
        )}
      </td>
      <td className="shortcut-row__actions">
        <button
          ref={changeRef}
          type="button"
          className="button button--small"
          aria-label={`Change the shortcut for ${label}`}
          disabled={isEditing}
          onClick={onEdit}
        >
          Change
        </button>
        {!isDefault(shortcuts, action) && (
          <button
            type="button"
            className="button button--small"
            aria-label={`Reset the shortcut for ${label}`}
            onClick={reset}
          >
            Default
          </button>
        )}
      </td>
    </tr>
  );
}
