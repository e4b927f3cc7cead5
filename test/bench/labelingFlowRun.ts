import type { Frame, Page } from 'playwright-core';
import { waitUntil } from '../helpers/eventually.js';
import type { FlowEvent, FlowLog } from './labelingFlowProbe.js';

/*
 * The annotator's keyboard script, the same on Outpost's labeling stream and on Label Studio's
 * own: for each task, "1" (the first choice's hotkey), then Ctrl+Enter (submit); the sample is the
 * time from that Ctrl+Enter keydown to the next task on screen, both stamped in the browser by the
 * probe (labelingFlowProbe.ts). Every wait retries until it holds and names what it waited for.
 */

/** Long enough for a page on a loaded two-core machine; a wait ends at its first success. */
const WAIT_MS = 60_000;
/**
 * How long the simulated annotator looks at a task before pressing its key: a quick one, on a
 * short text or an image with one obvious answer (OUTPOST_FLOW_READING_MS changes it).
 */
const READING_MS = Number(process.env.OUTPOST_FLOW_READING_MS ?? 1000);

export interface FlowTarget {
  /** Says which run a failure belongs to. */
  name: string;
  page: Page;
  /** The document the editor lives in (Outpost's editor frame, Label Studio's page). */
  editor(): Promise<Frame>;
  /** Which of the probe's markers mean a task is on screen. */
  kind: 'text' | 'image';
  /** The probe's reports; those before `firstEvent` belong to earlier runs. */
  log: FlowLog;
  firstEvent: number;
  /** How many of the project's tasks have an annotation, read from the server. */
  annotatedTasks(): Promise<number>;
}

const CHECKED_CHOICE =
  'input[type="checkbox"]:checked, input[type="radio"]:checked, .ant-checkbox-wrapper-checked, ' +
  '.ant-radio-wrapper-checked';

/**
 * Runs in the editor's document: resolves true once a choice is checked (or none is, for
 * `checked` false), polled once per animation frame, or false after `limit` ms. Waiting in the
 * page answers within a frame of the change rather than a Node poll later.
 */
function choiceState({ checked, selector, limit }: { checked: boolean; selector: string; limit: number }) {
  return new Promise<boolean>((resolve) => {
    let settled = false;
    // A time limit that does not rely on frames: a document that stops painting stops them too.
    setTimeout(() => {
      settled = true;
      resolve(false);
    }, limit);
    const poll = () => {
      if (settled) return;
      if (!!document.querySelector(selector) === checked) {
        settled = true;
        resolve(true);
      } else requestAnimationFrame(poll);
    };
    poll();
  });
}

/** Tries the editor's document until it answers: a frame can be swapped between two reads. */
async function inEditor<T, A>(target: FlowTarget, read: (arg: A) => T | Promise<T>, arg: A): Promise<T | undefined> {
  try {
    return await (await target.editor()).evaluate(read as (arg: unknown) => T | Promise<T>, arg as unknown);
  } catch {
    return undefined;
  }
}

async function waitForChoice(target: FlowTarget, checked: boolean, what: string): Promise<void> {
  await waitUntil(
    () => inEditor(target, choiceState, { checked, selector: CHECKED_CHOICE, limit: 5_000 }),
    what,
    WAIT_MS,
  );
}

/** Waits for a report of the probe that `find` picks, or fails naming `what`. */
async function waitForReport(target: FlowTarget, find: () => FlowEvent | undefined, what: string): Promise<FlowEvent> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = find();
    if (found) return found;
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      target.log.nextReport(),
      new Promise<void>((resolve) => (timer = setTimeout(() => resolve(), left))),
    ]);
    clearTimeout(timer);
  }
}

/** Keys go where the focus is: into the editor's document, whichever it is. */
async function focusEditor(target: FlowTarget): Promise<void> {
  await waitUntil(
    async () => {
      if (await inEditor(target, () => document.hasFocus(), undefined)) return true;
      const frame = await target.editor();
      const element = await frame.frameElement().catch(() => null);
      if (frame !== target.page.mainFrame() && element) await element.focus();
      else await target.page.bringToFront();
      return false;
    },
    `the editor to have the keyboard focus (${target.name})`,
    WAIT_MS,
  );
}

/** Pauses or resumes the probe in the target's editor document (see labelingFlowProbe.ts). */
async function pauseProbe(target: FlowTarget, paused: boolean): Promise<void> {
  await waitUntil(
    async () => {
      await inEditor(
        target,
        (value) => ((window as unknown as { __flowPaused?: boolean }).__flowPaused = value),
        paused,
      );
      return (
        (await inEditor(target, () => (window as unknown as { __flowPaused?: boolean }).__flowPaused, undefined)) ===
        paused
      );
    },
    `the probe ${paused ? 'paused' : 'resumed'} (${target.name})`,
    WAIT_MS,
  );
}

/** The probe's reports from this target's tab, from its `firstEvent` on. */
const reportsOf = (target: FlowTarget, from = target.firstEvent) =>
  target.log.events.slice(from).filter((event) => event.page === target.page);

const shownSince = (target: FlowTarget, after: number, except: string) =>
  reportsOf(target).find(
    (event) =>
      event.kind === 'shown' && event.at >= after && event.marker.startsWith(target.kind) && event.marker !== except,
  );

export interface KeyboardFlow {
  /** Labels `tasks` tasks with the keyboard and returns their samples (ms, Ctrl+Enter to the next task). */
  label(tasks: number): Promise<number[]>;
  /** Checks that the server holds one more annotated task per Ctrl+Enter. */
  finish(): Promise<void>;
}

/** Starts the script on a target whose stream is open, once its first task is on screen. */
export async function startKeyboardFlow(target: FlowTarget): Promise<KeyboardFlow> {
  let current = await waitForReport(
    target,
    () => reportsOf(target).find((event) => event.kind === 'shown' && event.marker.startsWith(target.kind)),
    `the first ${target.kind} task on screen (${target.name})`,
  );
  const annotatedBefore = await target.annotatedTasks();
  let labeled = 0;
  return {
    async label(tasks) {
      await pauseProbe(target, false);
      const samples: number[] = [];
      for (let task = 0; task < tasks; task += 1) {
        const what = `task ${current.marker.slice(0, 80)} (${target.name})`;
        await waitForChoice(target, false, `no choice checked yet on ${what}`);
        await focusEditor(target);
        // The annotator reads the task before the key, from the moment it showed (the probe's clock is
        // the epoch's, as Node's): the time a stream has to prepare the next one.
        const reading = current.at + READING_MS - Date.now();
        // eslint-disable-next-line no-restricted-syntax -- a simulated person's pace, not a wait for a state
        if (reading > 0) await new Promise((resolve) => setTimeout(resolve, reading));
        await target.page.keyboard.press('1');
        await waitForChoice(target, true, `hotkey "1" to check the first choice on ${what}`);
        const from = target.log.events.length;
        await target.page.keyboard.press('Control+Enter');
        const submit = await waitForReport(
          target,
          () => reportsOf(target, from).find((event) => event.kind === 'submit'),
          `the Ctrl+Enter keydown in the editor on ${what}`,
        );
        const next = await waitForReport(
          target,
          () => shownSince(target, submit.at, current.marker),
          `the next ${target.kind} task on screen after submitting ${what}`,
        );
        samples.push(next.at - submit.at);
        labeled += 1;
        current = next;
      }
      await pauseProbe(target, true);
      return samples;
    },
    async finish() {
      // Each Ctrl+Enter submitted an annotation: the next task came because this one was done.
      await waitUntil(
        async () => (await target.annotatedTasks()) === annotatedBefore + labeled,
        `${labeled} more annotated tasks on the server (${target.name})`,
        WAIT_MS,
      );
    },
  };
}
