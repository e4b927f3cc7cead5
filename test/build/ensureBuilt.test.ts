import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// build/ensureBuilt.mjs in a small project of its own: its "build" scripts only count their runs.
const SCRIPT = fileURLToPath(new URL('../../build/ensureBuilt.mjs', import.meta.url));
const COUNT_RUN = (name: string) =>
  `node -e "require('fs').appendFileSync('runs.txt', '${name}\\n'); require('fs').mkdirSync('dist', { recursive: true })"`;

describe('ensureBuilt', () => {
  let project: string;
  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'outpost-ensure-built-'));
    const scripts = { build: COUNT_RUN('build'), 'build:core': COUNT_RUN('core'), broken: 'node -e "process.exit(3)"' };
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts }));
    mkdirSync(join(project, 'electron'));
    writeFileSync(join(project, 'electron', 'app.ts'), 'export const version = 1;\n');
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const ensure = (...scripts: string[]) => spawnSync(process.execPath, [SCRIPT, ...scripts], { cwd: project });
  const runs = () => {
    try {
      return readFileSync(join(project, 'runs.txt'), 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };

  it('builds once, then again only when a source changes', () => {
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build']);
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build']);
    // A test file is not part of any build.
    writeFileSync(join(project, 'electron', 'app.test.ts'), 'it();\n');
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build']);
    writeFileSync(join(project, 'electron', 'app.ts'), 'export const version = 2;\n');
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build', 'build']);
    // So does a changed config file.
    writeFileSync(join(project, 'vite.config.ts'), 'export default {};\n');
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build', 'build', 'build']);
  });

  it('keeps a record per list of scripts, and none once dist/ is gone', () => {
    expect(ensure('build').status).toBe(0);
    expect(ensure('build:core').status).toBe(0);
    expect(ensure('build:core').status).toBe(0);
    expect(runs()).toEqual(['build', 'core']);
    rmSync(join(project, 'dist'), { recursive: true });
    expect(ensure('build').status).toBe(0);
    expect(runs()).toEqual(['build', 'core', 'build']);
  });

  it('fails with a failing script and records nothing, so the next call tries again', () => {
    const failed = ensure('build', 'broken');
    expect(failed.status).not.toBe(0);
    expect(failed.stderr.toString()).toContain('npm run broken failed');
    expect(ensure('build', 'broken').status).not.toBe(0);
    expect(runs()).toEqual(['build', 'build']);
  });

  it('refuses to run without a script name', () => {
    const result = ensure();
    expect(result.status).not.toBe(0);
    expect(result.stderr.toString()).toContain('name the npm build script');
  });
});
