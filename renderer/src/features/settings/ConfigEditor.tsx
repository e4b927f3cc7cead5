import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { xml } from '@codemirror/lang-xml';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { errorLineExtension, setErrorLine } from './errorLine';

interface ConfigEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The 1-based line to mark as wrong, or null. */
  errorLine: number | null;
  labelledBy: string;
  describedBy: string;
}

/**
 * The labeling config as XML in CodeMirror 6. Tab is left to the browser so keyboard users can
 * leave the editor; colors come from the design tokens through `tok-*` classes (settings.css).
 */
export function ConfigEditor({ value, onChange, errorLine, labelledBy, describedBy }: ConfigEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest of each for the editor, which is created once and must not be rebuilt per render.
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  }, [onChange, value]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: valueRef.current,
        extensions: [
          lineNumbers(),
          errorLineExtension,
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          xml(),
          syntaxHighlighting(classHighlighter),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            'aria-describedby': describedBy,
            'aria-multiline': 'true',
            'data-testid': 'config-editor',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Created once per mount: later values arrive through the effect below, not by rebuilding.
  }, [labelledBy, describedBy]);

  // A value from outside (a template, a reload after saving) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setErrorLine.of(errorLine) });
  }, [errorLine]);

  return <div ref={host} className="config-editor" />;
}
