/*
 * Lint rules for tests (eslint.config.js applies them to test/): no fixed sleeps and no one-shot
 * reads of a page in an assertion. Retry instead, with test/helpers/eventually.ts:
 *   expect(await locator.textContent()).toBe('x')  ->  await expectEventually(() => locator.textContent()).toBe('x')
 *   await page.waitForTimeout(500)                  ->  wait for the condition the sleep stood for
 * A poll interval inside a loop that waits for a condition (a server starting) is not a fixed
 * wait: those live in test/helpers and the interop rig, which the sleep rule leaves alone.
 */

/** Reads of a page (Playwright) that give the state of one moment. */
const PAGE_READS =
  'textContent|innerText|innerHTML|inputValue|isVisible|isHidden|isChecked|isEnabled|isDisabled|isEditable|' +
  'count|getAttribute|allTextContents|allInnerTexts|evaluate|evaluateAll|title|content|boundingBox';

export const ONE_SHOT_READ = {
  selector: `CallExpression[callee.name='expect'] > AwaitExpression > CallExpression[callee.property.name=/^(${PAGE_READS})$/]`,
  message:
    'A page read once can still be the previous state: retry it with expectEventually(() => ...) from test/helpers/eventually.ts.',
};

/*
 * vitest's expect.poll gives up after one second by default: an assertion that passes on a quiet
 * machine and times out on a loaded one. expectEventually is the same poll with a fitting timeout.
 */
export const SHORT_POLL = {
  selector: "CallExpression[callee.object.name='expect'][callee.property.name='poll']",
  message:
    'expect.poll gives up after 1 s by default: use expectEventually(() => ...) from test/helpers/eventually.ts.',
};

const NO_SLEEP =
  'No fixed sleeps in tests: wait for the condition (expectEventually, waitUntil, a locator wait) or use fake timers.';

export const FIXED_SLEEPS = [
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: NO_SLEEP },
  // `new Promise((resolve) => setTimeout(resolve, ms))`; a timer that rejects a wait (a time limit) is fine.
  {
    selector:
      "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
    message: NO_SLEEP,
  },
  {
    selector: "ImportDeclaration[source.value='node:timers/promises'] ImportSpecifier[imported.name='setTimeout']",
    message: NO_SLEEP,
  },
];

/** Where the sleep rule does not apply (test files excepted): retry loops waiting for servers and rigs to come up. */
export const SLEEP_ALLOWED_IN = ['test/helpers/**', 'test/interop/**'];
