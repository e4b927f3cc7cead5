import { RangeSet, StateEffect, StateField, type EditorState } from '@codemirror/state';
import { Decoration, EditorView, gutter, GutterMarker, type DecorationSet } from '@codemirror/view';

/** Marks one line (1-based) as the one the validator complained about, or clears the mark with null. */
export const setErrorLine = StateEffect.define<number | null>();

class ErrorMarker extends GutterMarker {
  override toDOM() {
    const marker = document.createElement('span');
    marker.className = 'cm-error-marker';
    marker.textContent = '!';
    marker.setAttribute('aria-hidden', 'true');
    return marker;
  }
}

const errorMarker = new ErrorMarker();
const errorLineDecoration = Decoration.line({ class: 'cm-error-line', attributes: { 'data-error-line': 'true' } });

function lineStart(state: EditorState, line: number | null): number | null {
  if (line === null || line < 1) return null;
  return state.doc.line(Math.min(line, state.doc.lines)).from;
}

/** The marked line's start; it moves with edits, and a new validation replaces it. */
const errorLineField = StateField.define<number | null>({
  create: () => null,
  update(position, transaction) {
    let next = position === null ? null : transaction.changes.mapPos(position);
    for (const effect of transaction.effects) {
      if (effect.is(setErrorLine)) next = lineStart(transaction.state, effect.value);
    }
    return next === null ? null : transaction.state.doc.lineAt(next).from;
  },
  provide: (field) =>
    EditorView.decorations.from(field, (position): DecorationSet =>
      position === null ? Decoration.none : Decoration.set([errorLineDecoration.range(position)]),
    ),
});

const errorGutter = gutter({
  class: 'cm-error-gutter',
  markers: (view) => {
    const position = view.state.field(errorLineField);
    return position === null ? RangeSet.empty : RangeSet.of([errorMarker.range(position)]);
  },
});

export const errorLineExtension = [errorLineField, errorGutter];
