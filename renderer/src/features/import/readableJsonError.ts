/*
 * Python's json module words a parse failure as `Expecting value: line 1 column 5 (char 4)`, and
 * Label Studio passes that on for a JSON file it cannot read. For the import page: what is wrong
 * in words, and where, with lines and columns counted from 1 as Python already counts them.
 */

const PYTHON_JSON_ERROR = /^(.+?): line (\d+) column (\d+) \(char (\d+)\)$/;

const JSON_REASONS: Record<string, string> = {
  'Expecting value': 'a value (text in quotes, a number, true, false, null, a list or an object) should start here',
  "Expecting ',' delimiter": 'a comma is missing between two values',
  "Expecting ':' delimiter": 'a colon is missing between a key and its value',
  'Expecting property name enclosed in double quotes':
    'a key in double quotes should be here (JSON has no trailing commas and no single quotes)',
  'Unterminated string starting at': 'the text in quotes that starts here is never closed',
  'Invalid control character at': 'text in quotes may not contain a raw line break or tab here; write \\n or \\t',
  'Invalid \\escape': 'this backslash starts an escape JSON does not know; write \\\\ for a plain backslash',
  'Invalid \\uXXXX escape': 'a \\u escape needs four hexadecimal digits',
  'Extra data': 'the JSON ends before this; put all tasks in one list, [{…}, {…}]',
};

/**
 * About a file the page names beside it. `Expecting value: line 1 column 1 (char 0)` means nothing
 * but white space: the file is empty; other failures say what and where. Null when the text is not
 * one of Python's JSON errors.
 */
export function readableJsonError(message: string): string | null {
  const match = PYTHON_JSON_ERROR.exec(message.trim());
  if (!match) return null;
  const [, reason, line, column, offset] = match;
  if (reason === 'Expecting value' && offset === '0' && line === '1' && column === '1') {
    return 'It is empty: it holds no tasks. A JSON file holds a list of tasks, such as [{"text": "…"}].';
  }
  const words = JSON_REASONS[reason!] ?? reason!;
  return `It is not valid JSON. Line ${line}, column ${column}: ${words}.`;
}
