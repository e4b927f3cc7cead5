import { readPythonLiteral, type PyLiteral } from './pythonLiteral';
import { readableJsonError } from './readableJsonError';

/*
 * Label Studio's import refusals, kept as they are on the API, in words for the import page:
 * the file's own name instead of the stored one, pandas' and Python's wording explained, and a
 * refused item's Python dump turned into the keys it had.
 */

/** `upload/7/1a2b3c4d-data.csv` or `1a2b3c4d-data.csv` (the stored names) → `data.csv`. */
export function withOriginalNames(text: string): string {
  return text.replace(/(?:upload\/\d+\/)?\b[0-9a-f]{8}-(?=[^\s"',:/\\]+)/g, '');
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const FILE_FAILURE = /^Failed to parse input file (.+?): ([\s\S]*)$/;
const DRF_DETAIL = /^\[ErrorDetail\(string=(['"])([\s\S]*)\1, code='\w+'\)\]$/;

/** Why a file could not be read, for a person fixing the file. */
function fileReason(why: string): string {
  const reason = why.trim();
  const json = readableJsonError(reason);
  if (json) return json;
  if (reason === 'No columns to parse from file') {
    return 'It is empty: a CSV or TSV file needs a header row that names its columns.';
  }
  const open = /EOF inside string starting at row (\d+)/.exec(reason);
  if (open) {
    return (
      `A quote (") that opens on row ${Number(open[1]) + 1} is never closed, so everything after it would be ` +
      'one value. Close that quote, or double it ("") where it is part of the text.'
    );
  }
  const fields = /Expected (\d+) fields in line (\d+), saw (\d+)/.exec(reason);
  if (fields) {
    return (
      `Line ${fields[2]} has ${fields[3]} values but the header names ${fields[1]} columns. ` +
      'A value that contains the separator needs quotes around it.'
    );
  }
  if (reason.startsWith('the file is empty (0 bytes)'))
    return 'It is empty (0 bytes): there is nothing in it to label.';
  const detail = DRF_DETAIL.exec(reason);
  return sentence(detail ? detail[2]! : reason);
}

/** A whole file refused: its name as the user gave it, and why. */
export function readableFileFailure(text: string): { file: string; reason: string } | null {
  const match = FILE_FAILURE.exec(text);
  if (!match) return null;
  return { file: withOriginalNames(match[1]!), reason: fileReason(match[2]!) };
}

const TYPE_WORDS: Record<string, string> = {
  str: 'text',
  int: 'a whole number',
  float: 'a number',
  bool: 'true or false',
  list: 'a list',
  dict: 'an object',
  NoneType: 'empty (null)',
};
const typeWord = (name: string) => TYPE_WORDS[name] ?? name;

/** "a", "a or b", "a, b or c". */
function either(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
/** "a", "a and b", "a, b and c". */
export function both(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function keysOf(value: PyLiteral | null): string[] | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : null;
}

/** The data keys a refused item had: its `data` when Label Studio read it as wrapped, else the item itself. */
function itemDataKeys(repr: string | null, wrapped: boolean): string[] | null {
  if (!repr) return null;
  const value = readPythonLiteral(repr);
  if (!wrapped) return keysOf(value);
  const data = keysOf(value) ? (value as Record<string, PyLiteral>).data : null;
  return keysOf(data ?? null);
}

export interface ReadableItemProblem {
  message: string;
  /** The data key the labeling config reads and the item lacks, when that is the problem. */
  missingKey: string | null;
  /** The item's dump, only when no sentence could replace it. */
  item: string | null;
}

const MISSING_KEY = /^"(.+)" key is expected in task data$/;
const WRONG_TYPE =
  /^data\['(.+?)'\]=[\s\S]* is of type '(\w+)', but the object tag (\w+) expects the following types: \[(.*)\]$/;
const ASSUMPTION = /\s*\[assume: (.*)\]\s*$/;

/** One refused item's message (its "Error at item N: " already cut off) and its dump. */
export function readableItemProblem(rawMessage: string, repr: string | null): ReadableItemProblem {
  const assumption = ASSUMPTION.exec(rawMessage)?.[1] ?? '';
  const message = rawMessage.replace(ASSUMPTION, '').trim();
  const missing = MISSING_KEY.exec(message);
  if (missing) {
    const key = missing[1]!;
    const keys = itemDataKeys(repr, assumption.startsWith('item["data"]'));
    const had =
      keys === null ? '' : keys.length === 0 ? ' Its data is empty.' : ` It has ${both(keys.map((k) => `"${k}"`))}.`;
    return {
      message: `Its data has no "${key}", the key the labeling config reads ($${key}).${had}`,
      missingKey: key,
      item: null,
    };
  }
  const wrong = WRONG_TYPE.exec(message);
  if (wrong) {
    const expected = [...wrong[4]!.matchAll(/'(\w+)'/g)].map((found) => typeWord(found[1]!));
    return {
      message: `Its "${wrong[1]}" is ${typeWord(wrong[2]!)}, but the ${wrong[3]} tag that shows it needs ${either(expected)}.`,
      missingKey: null,
      item: null,
    };
  }
  return { message: sentence(withOriginalNames(message)), missingKey: null, item: repr };
}
