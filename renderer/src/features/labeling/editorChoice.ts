/**
 * The editor that labels a project, in words, and the bundled editor standing in when a cached
 * one cannot be used. Pure, for unit tests.
 */
import { BUNDLED_EDITOR_TAGS, BUNDLED_EDITOR_VERSION, type ProjectEditor } from '../../../../shared/api/editor';

export const BUNDLED_EDITOR: ProjectEditor = {
  kind: 'bundled',
  key: null,
  version: BUNDLED_EDITOR_VERSION,
  source: null,
  tags: [...BUNDLED_EDITOR_TAGS],
  notice: null,
};

/** Where a cached editor came from, short: the server's host (`ls.example.org`), else as given. */
export function sourceName(source: string | null): string | null {
  if (!source) return null;
  try {
    return new URL(source).host || source;
  } catch {
    return source;
  }
}

/** Its name in a sentence: "Label Studio 1.22.0 editor, from ls.example.org", "bundled editor 1.4.0". */
export function editorName(editor: ProjectEditor): string {
  if (editor.kind === 'bundled') return `bundled editor ${editor.version}`;
  const from = sourceName(editor.source);
  return `Label Studio ${editor.version} editor${from ? `, from ${from}` : ''}`;
}

/** Its name standing alone: "Label Studio 1.22.0 editor, from ls.example.org", "Bundled editor 1.4.0". */
export function editorCaption(editor: ProjectEditor): string {
  const name = editorName(editor);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** A sentence's subject: "The bundled editor (Label Studio 1.4.0)", "The Label Studio 1.22.0 editor from ls.example.org". */
export function editorSubject(editor: ProjectEditor): string {
  if (editor.kind === 'bundled') return `The bundled editor (Label Studio ${editor.version})`;
  const from = sourceName(editor.source);
  return `The Label Studio ${editor.version} editor${from ? ` from ${from}` : ''}`;
}

const BUNDLED_SUBJECT = editorSubject(BUNDLED_EDITOR);

function asClause(reason: string): string {
  const line = reason.trim().split('\n')[0]?.trim().replace(/\.$/, '') ?? '';
  return line ? `${line.charAt(0).toLowerCase()}${line.slice(1)}` : 'it did not say why';
}

/** The bundled editor in place of a cached one whose files did not load in the editor frame. */
export function bundledInstead(editor: ProjectEditor, reason: string): ProjectEditor {
  return {
    ...BUNDLED_EDITOR,
    notice: `${editorSubject(editor)} could not be loaded: ${asClause(reason)}. ${BUNDLED_SUBJECT} labels instead.`,
  };
}

/** The bundled editor when the server could not say which editor labels the project. */
export function bundledWhenUnknown(error: unknown): ProjectEditor {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    ...BUNDLED_EDITOR,
    notice: `Which editor labels this project could not be read: ${asClause(reason)}. ${BUNDLED_SUBJECT} labels.`,
  };
}
