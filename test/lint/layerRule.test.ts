import { resolve } from 'node:path';
import { ESLint, RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

/*
 * The `outpost/layers` rule as eslint.config.js configures it, run by ESLint's RuleTester on
 * files placed (by name only) in the project's folders: a domain file loading server code is
 * reported however the load is written.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const DOMAIN_FILE = resolve(ROOT, 'electron/core/domain/tasks/example.ts');
const SERVER_FILE = resolve(ROOT, 'electron/core/server/routes/example.ts');

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

async function configuredLayerRule(): Promise<Rule.RuleModule> {
  const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(DOMAIN_FILE)) as {
    plugins: Record<string, { rules: Record<string, Rule.RuleModule> }>;
  };
  return config.plugins.outpost!.rules.layers!;
}

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const forbidden = [{ messageId: 'forbidden' }];

tester.run('outpost/layers', await configuredLayerRule(), {
  valid: [
    { filename: DOMAIN_FILE, code: "import { x } from '../../db/repos/tasksRepo.js';" },
    { filename: DOMAIN_FILE, code: "const repo = await import('../../db/repos/tasksRepo.js');" },
    { filename: DOMAIN_FILE, code: "export { x } from '../errors.js';" },
    { filename: SERVER_FILE, code: "const use = await import('../../domain/tasks/listTasks.js');" },
    { filename: DOMAIN_FILE, code: "const nlp = await import('wink-nlp');" },
    { filename: DOMAIN_FILE, code: "import { createHash } from 'node:crypto';" },
    { filename: resolve(ROOT, 'electron/core/importers/example.ts'), code: "import { request } from 'node:https';" },
    // A local function called require (webpack's, in the editor loader) loads nothing by path.
    {
      filename: DOMAIN_FILE,
      code: 'function run(require: (id: number) => unknown, id: number) { return require(id); }',
    },
  ],
  invalid: [
    { filename: DOMAIN_FILE, code: "import { x } from '../../server/app.js';", errors: forbidden },
    { filename: DOMAIN_FILE, code: "const app = await import('../../server/app.js');", errors: forbidden },
    { filename: DOMAIN_FILE, code: 'const app = await import(`../../server/app.js`);', errors: forbidden },
    { filename: DOMAIN_FILE, code: "export { x } from '../../server/app.js';", errors: forbidden },
    { filename: DOMAIN_FILE, code: "export * from '../../server/app.js';", errors: forbidden },
    { filename: DOMAIN_FILE, code: "type App = typeof import('../../server/app.js');", errors: forbidden },
    { filename: DOMAIN_FILE, code: "type Route = import('../../server/app.js').Route;", errors: forbidden },
    { filename: DOMAIN_FILE, code: "import app = require('../../server/app.js');", errors: forbidden },
    { filename: DOMAIN_FILE, code: "const app = require('../../server/app.js');", errors: forbidden },
    { filename: DOMAIN_FILE, code: "const electron = await import('electron');", errors: forbidden },
    { filename: DOMAIN_FILE, code: "import { request } from 'node:https';", errors: forbidden },
    { filename: DOMAIN_FILE, code: "import { lookup } from 'dns/promises';", errors: forbidden },
    {
      filename: DOMAIN_FILE,
      code: "const name = 'app'; const app = await import(`../../server/${name}.js`);",
      errors: [{ messageId: 'computed' }],
    },
  ],
});

// Inside the renderer pages are the top: a component or a feature reaching into pages/ is refused.
const COMPONENT_FILE = resolve(ROOT, 'renderer/src/components/Example.tsx');
const FEATURE_FILE = resolve(ROOT, 'renderer/src/features/dm/Example.tsx');
const PAGE_FILE = resolve(ROOT, 'renderer/src/pages/ExamplePage.tsx');
const APP_FILE = resolve(ROOT, 'renderer/src/App.tsx');

tester.run('outpost/layers in the renderer', await configuredLayerRule(), {
  valid: [
    { filename: PAGE_FILE, code: "import { TaskTable } from '../features/dm/TaskTable';" },
    { filename: PAGE_FILE, code: "import { Dialog } from '../components/Dialog';" },
    { filename: PAGE_FILE, code: "import { OtherPage } from './OtherPage';" },
    { filename: FEATURE_FILE, code: "import { Dialog } from '../../components/Dialog';" },
    { filename: COMPONENT_FILE, code: "import { useApi } from '../api/apiContext';" },
    { filename: APP_FILE, code: "const page = await import('./pages/ExamplePage');" },
  ],
  invalid: [
    { filename: COMPONENT_FILE, code: "import { ExamplePage } from '../pages/ExamplePage';", errors: forbidden },
    { filename: COMPONENT_FILE, code: "const page = await import('../pages/ExamplePage');", errors: forbidden },
    { filename: COMPONENT_FILE, code: "export { ExamplePage } from '../pages/ExamplePage';", errors: forbidden },
    { filename: FEATURE_FILE, code: "import type { Props } from '../../pages/ExamplePage';", errors: forbidden },
    { filename: resolve(ROOT, 'renderer/src/router.ts'), code: "import './pages/ExamplePage';", errors: forbidden },
  ],
});
