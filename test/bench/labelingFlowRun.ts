import type { Frame, Page } from 'playwright-core';
import { waitUntil } from '../helpers/eventually.js';
import type { FlowEvent } from './labelingFlowProbe.js';

/*
 * The annotator's keyboard script, the same on Outpost's labeling stream and on Label Studio's
 * own: for each task, "1" (the first choice's hotkey), then Ctrl+Enter (submit); the sample is the
 * time from that Ctrl+Enter keydown to the next task on screen, both stamped in the browser by the
 * probe (labelingFlowProbe.ts). Every wait retries until it holds and names what it waited for.
 */

/** Long enough for a page on a loaded two-core machine; a wait ends at its first success. */
const WAIT_MS = 60_000;

export interface FlowTarget {
  /** Says which run a failure belongs to. */
  name: string;
  page: Page;
  /** The document the editor lives in (Outpost's editor frame, Label Studio's page). */
  editor(): Promise<Frame>;
  /** Which of the probe's markers mean a task is on screen. */
  kind: 'text' | 'image';
  /** The probe's reports; those before `firstEvent` belong to earlier runs. */
  events: FlowEvent[];
  firstEvent: number;
  /** How many of the project's tasks have an annotation, read from the server. */
  annotatedTasks(): Promise<number>;
}

/** Whether a choice of the editor is checked (the 1.4.0 and the 1.22 editors draw them alike). */
function isChoiceChecked(): boolean {
  return !!document.querySelector(
    'input[type="checkbox"]:checked, input[type="radio"]:checked, .ant-checkbox-wrapper-checked, ' +
      '.ant-radio-wrapper-checked',
  );
}

/** Tries the editor's document until it answers: a frame can be swapped between two reads. */
async function inEditor<T>(target: FlowTarget, read: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await (await target.editor()).evaluate(read);
  } catch {
    return undefined;
  }
}

/** Keys go where the focus is: into the editor's document, whichever it is. */
async function focusEditor(target: FlowTarget): Promise<void> {
  await waitUntil(
    async () => {
      if (await inEditor(target, () => document.hasFocus())) return true;
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

const shownSince = (target: FlowTarget, after: number, except: string) =>
  target.events.find(
    (event) =>
      event.kind === 'shown' && event.at >= after && event.marker.startsWith(target.kind) && event.marker !== except,
  );

/**
 * Labels `warmup + measured` tasks with the keyboard and returns the `measured` samples (ms from
 * the Ctrl+Enter keydown to the next task on screen). The stream must already be open.
 */
export async function runKeyboardFlow(target: FlowTarget, warmup: number, measured: number): Promise<number[]> {
  let current = await waitUntil(
    () =>
      target.events
        .slice(target.firstEvent)
        .find((event) => event.kind === 'shown' && event.marker.startsWith(target.kind)),
    `the first ${target.kind} task on screen (${target.name})`,
    WAIT_MS,
  );
  const annotatedBefore = await target.annotatedTasks();
  const samples: number[] = [];
  for (let task = 0; task < warmup + measured; task += 1) {
    const what = `task ${current.marker.slice(0, 80)} (${target.name})`;
    await waitUntil(
      async () => (await inEditor(target, isChoiceChecked)) === false,
      `no choice checked yet on ${what}`,
      WAIT_MS,
    );
    await focusEditor(target);
    await target.page.keyboard.press('1');
    await waitUntil(
      () => inEditor(target, isChoiceChecked),
      `hotkey "1" to check the first choice on ${what}`,
      WAIT_MS,
    );
    const from = target.events.length;
    await target.page.keyboard.press('Control+Enter');
    const submit = await waitUntil(
      () => target.events.slice(from).find((event) => event.kind === 'submit'),
      `the Ctrl+Enter keydown in the editor on ${what}`,
      WAIT_MS,
    );
    const next = await waitUntil(
      () => shownSince(target, submit.at, current.marker),
      `the next ${target.kind} task on screen after submitting ${what}`,
      WAIT_MS,
    );
    if (task >= warmup) samples.push(next.at - submit.at);
    current = next;
  }
  // Each Ctrl+Enter submitted an annotation: the next task came because this one was done.
  await waitUntil(
    async () => (await target.annotatedTasks()) === annotatedBefore + warmup + measured,
    `${warmup + measured} more annotated tasks on the server (${target.name})`,
    WAIT_MS,
  );
  return samples;
}
