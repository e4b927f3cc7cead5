import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agree, formatCount, pluralize } from '../../shared/text/counts';

/*
 * One way to write a count in the app and the CLI: grouped digits whatever the browser's language,
 * and a singular noun for one ("1 project", never "1 projects").
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx)$/.test(path) && !/\.test\.ts$/.test(path))
    .map((path) => join(folder, path));
}

describe('counts', () => {
  it('formats numbers one way and makes the noun agree', () => {
    expect(formatCount(99971)).toBe('99,971');
    expect(formatCount(0)).toBe('0');
    expect(pluralize(1, 'project')).toBe('1 project');
    expect(pluralize(2, 'project')).toBe('2 projects');
    expect(pluralize(0, 'media file')).toBe('0 media files');
    expect(pluralize(12345, 'entry', 'entries')).toBe('12,345 entries');
    expect(`${pluralize(1, 'local change')} ${agree(1, 'waits', 'wait')}`).toBe('1 local change waits');
    expect(`${pluralize(3, 'local change')} ${agree(3, 'waits', 'wait')}`).toBe('3 local changes wait');
  });

  it('no page or command formats a count by the browser locale, or writes its own plural', () => {
    const offenders: string[] = [];
    for (const file of [...sources('renderer/src'), ...sources('electron/core/cli')]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      text.split('\n').forEach((line, index) => {
        // Dates keep their own formatting; numbers go through formatCount.
        const numberLocale = /\.toLocaleString\(/.test(line) && !/(date|Date|at|time)\w*\.toLocaleString/.test(line);
        const handPlural =
          /=== 1 \? '1 \w+' : `\$\{/.test(line) || /\$\{[\w.]+\} (projects|tasks|annotations)\b/.test(line);
        if (numberLocale || handPlural) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
