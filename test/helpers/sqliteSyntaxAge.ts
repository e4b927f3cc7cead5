/**
 * What in one schema statement an SQLite older than 3.38 (down to 3.31) cannot read or run: such a
 * SQLite refuses to open the whole file when a single trigger, view or table uses newer syntax.
 * Returns a description per kind found, in a fixed order; empty when the statement is portable.
 */
export function newerSyntaxIn(statement: string): string[] {
  const sql = withoutCommentsAndStrings(statement);
  const found: string[] = [];
  if (/\bSTRICT\b/i.test(sql)) found.push('a STRICT table');
  const updates = [...sql.matchAll(/\bUPDATE\s+(?:OR\s+\w+\s+)?\w+\s+(?:AS\s+)?(\w+)\s+SET\b/gi)];
  const updateStatements = [...sql.matchAll(/\bUPDATE\s+(?:OR\s+\w+\s+)?\w+\s+(?:(?:AS\s+)?\w+\s+)?SET\b/gi)];
  if (updates.length > 0) found.push('UPDATE with an alias');
  if (updateStatements.some((match) => hasTopLevelFrom(sql, match.index + match[0].length))) {
    found.push('UPDATE ... FROM');
  }
  if (sql.includes('->')) found.push('the -> and ->> operators');
  if (/\bON\s+CONFLICT\s+DO\b/i.test(sql)) found.push('ON CONFLICT without a conflict target');
  if (/\bRETURNING\b/i.test(sql)) found.push('RETURNING');
  for (const name of NEWER_FUNCTIONS) {
    if (new RegExp(`\\b${name}\\s*\\(`, 'i').test(sql)) found.push(`the function ${name}()`);
  }
  if (/\bIS\s+(?:NOT\s+)?DISTINCT\s+FROM\b/i.test(sql)) found.push('IS DISTINCT FROM');
  if (/\b(?:RIGHT|FULL)\s+(?:OUTER\s+)?JOIN\b/i.test(sql)) found.push('RIGHT or FULL JOIN');
  if (/\bAS\s+(?:NOT\s+)?MATERIALIZED\b/i.test(sql)) found.push('MATERIALIZED common table expressions');
  return found;
}

/** Functions SQLite added after 3.31: a trigger or view calling one fails on every write it runs in. */
const NEWER_FUNCTIONS = ['unixepoch', 'iif', 'format', 'concat', 'concat_ws', 'octet_length', 'unhex', 'timediff'];

/** Strings become '' and comments a space, so words inside them are not taken for syntax. */
function withoutCommentsAndStrings(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"/g, (token) =>
    token.startsWith("'") ? "''" : token.startsWith('"') ? '"x"' : ' ',
  );
}

/** Whether FROM follows at the UPDATE's own level (not in a subquery) before the statement ends. */
function hasTopLevelFrom(sql: string, from: number): boolean {
  let depth = 0;
  const words = sql.slice(from).matchAll(/[();]|\b(?:FROM|END)\b/gi);
  for (const [word] of words) {
    if (word === '(') depth += 1;
    else if (word === ')') depth -= 1;
    else if (depth < 0 || word === ';' || word.toUpperCase() === 'END') return false;
    else if (depth === 0 && word.toUpperCase() === 'FROM') return true;
  }
  return false;
}
