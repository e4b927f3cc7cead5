/** When an app shortcut applies, wherever the key was pressed (the page or the editor iframe). Pure. */
import type { ShortcutAction } from './shortcuts';

export interface KeyContext {
  /** The key went to a text field, a select or an editable element. */
  typing: boolean;
  /** A region is selected in the editor, whose own keys (arrows nudge regions) come first. */
  regionSelected: boolean;
}

/** Keys that only mean something outside text and regions: plain arrows and `?`. */
const PLAIN_KEY_ACTIONS: readonly ShortcutAction[] = ['nextTask', 'previousTask', 'showHelp'];

export function shortcutApplies(action: ShortcutAction, combo: string, context: KeyContext): boolean {
  const hasModifier = /^(Ctrl|Alt|Meta)\+/.test(combo);
  if (PLAIN_KEY_ACTIONS.includes(action) && !hasModifier) return !context.typing && !context.regionSelected;
  // Submit and skip carry a modifier by default, so they also work from a text field.
  return hasModifier || !context.typing;
}

/** The editor binds these itself when its top bar shows (1.4.0 keymap): the host leaves them to it. */
export const EDITOR_OWN_COMBOS: Readonly<Partial<Record<ShortcutAction, string>>> = {
  submit: 'Ctrl+Enter',
  skip: 'Ctrl+Space',
};

/** The editor's main hotkeys, for the help overlay (as its 1.4.0 keymap defines them). */
export const EDITOR_HOTKEYS: readonly { keys: string; description: string }[] = [
  { keys: 'Ctrl+Z / Ctrl+Shift+Z', description: 'Undo / redo' },
  { keys: '1, 2, 3…', description: 'Choose a label or choice (the number beside it); on a selected region, its label' },
  { keys: 'Backspace', description: 'Delete the selected region' },
  { keys: 'Ctrl+Backspace', description: 'Delete all regions' },
  { keys: 'U', description: 'Unselect the region' },
  { keys: 'Escape', description: 'Leave relation mode, unselect the region' },
  { keys: 'Alt+H', description: 'Hide or show the selected region' },
  { keys: 'Alt+R', description: 'Relate the selected region to another' },
  { keys: 'Ctrl+D', description: 'Duplicate the selected region' },
  { keys: 'Alt+.', description: 'Cycle through regions' },
  { keys: 'Ctrl+Plus / Ctrl+Minus', description: 'Image: zoom in / out' },
  { keys: 'H', description: 'Image: pan' },
  { keys: 'Alt+Left / Alt+Right', description: 'Image: rotate left / right' },
  { keys: 'Alt+Space', description: 'Play or pause a video' },
  { keys: 'Ctrl+B', description: 'Audio: back one second' },
];
