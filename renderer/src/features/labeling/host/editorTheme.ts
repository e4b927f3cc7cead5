/**
 * The editor page's theme. The app passes its resolved theme in the frame's address
 * (`editor.html?theme=dark`), so the page is dark from its first paint, and by message when the
 * user switches. `editorDark.css` keys its overrides of the bundled editor's styles on
 * `data-theme`; a cached 1.22 editor has a dark scheme of its own, keyed on `data-color-scheme`.
 */
import type { EditorTheme } from '../protocol';

export function applyEditorTheme(theme: EditorTheme): void {
  const root = document.documentElement;
  if (root.dataset.theme === theme) return;
  // The editor's controls animate their colors (antd's transitions): a switch would show them
  // half-way for a moment. Transitions are off while the new colors apply.
  root.classList.add('editor-theme-switching');
  root.dataset.theme = theme;
  if (root.dataset.editor === 'cached') root.dataset.colorScheme = theme;
  // Native controls (scrollbars, checkboxes the editor leaves unstyled) follow too.
  root.style.colorScheme = theme;
  // Reading the layout applies the new styles now, while transitions are off.
  root.getBoundingClientRect();
  requestAnimationFrame(() => root.classList.remove('editor-theme-switching'));
}
