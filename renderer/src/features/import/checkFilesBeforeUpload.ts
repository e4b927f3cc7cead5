import { pythonJsonError } from '../../../../shared/api/pythonJsonError';
import { extensionOf, IMPORT_EXTENSIONS } from './fileKinds';
import { readableJsonError } from './readableJsonError';

/** A file the server would refuse, found before anything is sent. */
export interface FileProblem {
  file: string;
  reason: string;
}

/** Larger JSON files are left to the server: reading them here would cost the browser their size twice. */
const LARGEST_JSON_CHECKED = 32 * 1024 * 1024;

const KNOWN: ReadonlySet<string> = new Set(IMPORT_EXTENSIONS);

/** Why a file with this ending (without its dot, lower case) cannot be imported. */
export function extensionReason(extension: string): string {
  if (extension === 'jsonl') {
    return (
      'JSON Lines files (.jsonl, one task per line) cannot be imported from a file. Put the tasks in one ' +
      'JSON list, [{…}, {…}], and save it as .json.'
    );
  }
  return extension === ''
    ? 'A file without an extension cannot be imported: the server tells its kind by the ending, such as .json or .csv.'
    : `Files ending in .${extension} cannot be imported. Import JSON, CSV, TSV, TXT, HTML or XML, images, audio or video.`;
}

/** An empty file of a kind other than JSON, in the words the server's refusal is shown in. */
function emptyReason(extension: string): string | null {
  if (extension === 'csv' || extension === 'tsv') {
    return 'It is empty: a CSV or TSV file needs a header row that names its columns.';
  }
  // An empty TXT is a list of no lines: the server's answer says what it makes of it.
  return extension === 'txt' ? null : 'It is empty (0 bytes): there is nothing in it to label.';
}

/** What is wrong with one file, or null when only the server can tell. */
async function problemOf(file: File): Promise<string | null> {
  const extension = extensionOf(file.name);
  if (!KNOWN.has(extension)) return extensionReason(extension);
  if (extension !== 'json') return file.size === 0 ? emptyReason(extension) : null;
  if (file.size > LARGEST_JSON_CHECKED) return null;
  const text = await file.text();
  if (text.trim() === '')
    return 'It is empty: it holds no tasks. A JSON file holds a list of tasks, such as [{"text": "…"}].';
  try {
    JSON.parse(text);
    return null;
  } catch {
    const python = pythonJsonError(text);
    return python ? (readableJsonError(python) ?? python) : null;
  }
}

/**
 * Every file Label Studio would refuse to read, so that all of them are named at once: the server
 * stops at the first one, which leaves a person fixing files one upload at a time.
 */
export async function findUnreadableFiles(files: readonly File[]): Promise<FileProblem[]> {
  const problems = await Promise.all(files.map(problemOf));
  return files.flatMap((file, index) => {
    const reason = problems[index];
    return reason ? [{ file: file.name, reason }] : [];
  });
}
