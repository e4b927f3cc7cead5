// @ts-check
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { FIXED_SLEEPS, ONE_SHOT_READ, SHORT_POLL, SLEEP_ALLOWED_IN } from './test/lint/testWaitRules.js';

const ROOT = dirname(new URL(import.meta.url).pathname);

/** A file's path from the project's root, with forward slashes. */
function projectPath(file) {
  return relative(ROOT, file).split('\\').join('/');
}

/** The layer a project file belongs to, by folder (see docs/architecture.md#layers). */
function layerOf(file) {
  const path = projectPath(file);
  if (path.startsWith('shared/')) return 'shared';
  if (path.startsWith('renderer/')) return 'renderer';
  if (path.startsWith('electron/core/db/')) return 'core/db';
  if (path.startsWith('electron/core/domain/')) return 'core/domain';
  if (path.startsWith('electron/core/server/')) return 'core/server';
  if (path.startsWith('electron/core/sync/')) return 'core/sync';
  if (path.startsWith('electron/core/ml/')) return 'core/ml';
  if (path.startsWith('electron/core/storages/')) return 'core/storages';
  if (path.startsWith('electron/core/')) return 'core';
  if (path.startsWith('electron/')) return 'shell';
  return null;
}

/** Which layers each layer may import. Core's inside is one way: server -> domain -> db. */
const MAY_IMPORT = {
  shared: ['shared'],
  renderer: ['renderer', 'shared'],
  'core/db': ['core/db', 'shared'],
  'core/domain': ['core/domain', 'core/db', 'shared'],
  // Sync drives the local domain and talks to remotes; the domain never calls out (it only journals).
  'core/sync': ['core/sync', 'core/domain', 'core/db', 'shared'],
  // ML talks to model servers (and runs the built-in model) for the local domain, like sync.
  'core/ml': ['core/ml', 'core/domain', 'core/db', 'shared'],
  // Storages read and write buckets, Redis and folders for the local domain, like sync and ml.
  'core/storages': ['core/storages', 'core/domain', 'core/db', 'shared'],
  'core/server': ['core/server', 'core/sync', 'core/ml', 'core/storages', 'core/domain', 'core/db', 'core', 'shared'],
  core: ['core', 'core/server', 'core/sync', 'core/ml', 'core/storages', 'core/domain', 'core/db', 'shared'],
  shell: ['shell', 'core', 'core/server', 'core/sync', 'core/ml', 'core/storages', 'core/domain', 'core/db', 'shared'],
};

/*
 * Inside the renderer, pages are the top: a page composes features and shared components, and
 * nothing below it reaches back up. Only the app's root imports pages, to route to them.
 */
const PAGES = 'renderer/src/pages/';
const ROUTES_TO_PAGES = new Set(['renderer/src/App.tsx']);

/** Whether a renderer file may import `target` (both absolute): only pages and the root reach pages. */
function mayReachPage(file, target) {
  const path = projectPath(file);
  const to = projectPath(target);
  return !to.startsWith(PAGES) || path.startsWith(PAGES) || ROUTES_TO_PAGES.has(path);
}

/** Node's network modules; the domain gets what they do from outside (docs/architecture.md#layers). */
const NETWORK_MODULES = new Set(
  ['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'dns/promises'].flatMap((name) => [name, `node:${name}`]),
);

/** A module path written as a plain string: a literal, or a template literal without expressions. */
function staticPath(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** Whether `name` is a binding declared in the file (not a global such as CommonJS's require). */
function isDeclaredLocally(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable && variable.defs.length > 0) return true;
  }
  return false;
}

export const layerRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      forbidden: '{{from}} may not import {{what}}.',
      computed: 'The layer rule cannot check an import path computed at run time; write it as a string.',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const report = (what) => context.report({ node, messageId: 'forbidden', data: { from, what } });
      if (source === 'electron' || source.startsWith('electron/')) {
        if (from !== 'shell') report("'electron' (only electron/*.ts may)");
        return;
      }
      if (source.startsWith('node:') && (from === 'shared' || from === 'renderer')) {
        report(`${source} (shared/ and renderer/ run without Node)`);
        return;
      }
      if (from === 'core/domain' && NETWORK_MODULES.has(source)) {
        report(`${source} (the domain never calls out: network I/O reaches it as a function in its context)`);
        return;
      }
      if (!source.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source);
      const to = layerOf(target);
      if (to && !MAY_IMPORT[from].includes(to)) report(`${to} code (${source})`);
      else if (from === 'renderer' && !mayReachPage(context.filename, target))
        report(`a page (${source}): only pages and App.tsx import pages`);
    };
    // import('…') and require('…') load modules as surely as `import` does, so they are held to the same layers.
    const checkLoad = (node, argument) => {
      const source = staticPath(argument);
      if (source === null) context.report({ node, messageId: 'computed' });
      else check(node, source);
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => checkLoad(node, node.source),
      // CommonJS's require; a local function that happens to be called require (webpack's) is not.
      CallExpression: (node) => {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'require' || !node.arguments[0]) return;
        if (isDeclaredLocally(context.sourceCode.getScope(node), 'require')) return;
        checkLoad(node, node.arguments[0]);
      },
      // `typeof import('…')` and `import('…').Type` in type positions.
      TSImportType: (node) => check(node, node.source.value),
      // `import name = require('…')`.
      TSExternalModuleReference: (node) => checkLoad(node, node.expression),
    };
  },
};

/**
 * SQL lives in db/repos (docs/architecture.md#layers): a string in the domain or a route that reads
 * as SQL means a query is being written outside db/. Comments are not checked.
 */
const SQL_TEXT = String.raw`/\b(SELECT|INSERT INTO|DELETE FROM|UPDATE \w+ SET|WHERE|GROUP BY|ORDER BY|IS (NOT )?NULL|json_each|json_extract)\b/`;
const NO_SQL_TEXT =
  'SQL belongs in electron/core/db/repos; describe the query as typed data and let a repository build it.';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-results/', '.interop/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { outpost: { rules: { layers: layerRule } } },
    rules: {
      'outpost/layers': 'error',
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['test/**'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['electron/core/domain/**/*.ts', 'electron/core/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${SQL_TEXT}]`, message: NO_SQL_TEXT },
        { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: NO_SQL_TEXT },
      ],
    },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  // React's rules of hooks and its compiler's checks (state in effects, refs during render, purity);
  // a missing effect dependency is an error here, not the preset's warning.
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  // Tests retry what they read and never sleep a fixed time (test/lint/testWaitRules.js says why).
  { files: ['test/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ONE_SHOT_READ, SHORT_POLL, ...FIXED_SLEEPS] } },
  {
    files: SLEEP_ALLOWED_IN,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_SHOT_READ, SHORT_POLL] },
  },
  // expectEventually itself is expect.poll with the timeout the rule asks for.
  { files: ['test/helpers/eventually.ts'], rules: { 'no-restricted-syntax': ['error', ONE_SHOT_READ] } },
);
