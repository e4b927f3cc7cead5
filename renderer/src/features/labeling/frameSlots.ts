import type { EditorSetup } from './protocol';

/** One editor frame and the setup it shows. */
export interface FrameSlot {
  /** Unique in the stage: the frame's React key, so a new slot is a new frame. */
  id: number;
  setup: EditorSetup;
  /** How many setups this frame has been given (the bundled editor takes several in one frame). */
  uses: number;
  /**
   * The frame of the task just left, out of sight: taken out of the document a moment later
   * (`dropRetired`), since tearing down a whole editor costs the very frame that shows the next.
   */
  retired?: boolean;
}

/**
 * The editor's two frames: the one on screen, and the next task built beforehand out of sight.
 * Label Studio 1.22's editor cannot take a second task in the same document, so each of its tasks
 * needs a frame of its own; the bundled 1.4.0 editor takes the next task in the frame it has, but
 * leaves a few hundred kilobytes behind each time, so it gets a fresh frame every so many tasks.
 * Building that frame while the annotator works on the task before is what makes it appear at
 * once. Two fixed places, never reordered: moving an iframe in the document would reload it.
 */
export interface FrameSlots {
  slots: readonly [FrameSlot | null, FrameSlot | null];
  /** Which place is on screen. */
  active: 0 | 1;
  nextId: number;
}

export const NO_FRAMES: FrameSlots = { slots: [null, null], active: 0, nextId: 1 };

/**
 * Two setups are one when they would build the same editor: the page's own setup for a task and
 * the one made ahead from the same fetched task are equal objects, not the same object. Computed
 * once per setup object.
 */
const fingerprints = new WeakMap<EditorSetup, string>();
export function sameSetup(a: EditorSetup, b: EditorSetup): boolean {
  if (a === b) return true;
  const text = (setup: EditorSetup) => {
    let found = fingerprints.get(setup);
    if (found === undefined) {
      found = JSON.stringify(setup);
      fingerprints.set(setup, found);
    }
    return found;
  };
  return text(a) === text(b);
}

/**
 * The frames for `setup` on screen and `next` (the task most likely shown next): the frame on
 * screen stays while its setup is the same; the one built ahead comes on screen when its setup is
 * the one asked for; else the frame on screen takes the new setup while it has taken fewer than
 * `setupsPerFrame`, and a fresh frame is made when it has not. The next task is built ahead only
 * when the frame on screen will not take it. Returns `state` itself when nothing changes.
 */
export function arrangeFrames(
  state: FrameSlots,
  setup: EditorSetup,
  next: EditorSetup | undefined,
  setupsPerFrame = 1,
): FrameSlots {
  let { active, nextId } = state;
  const slots: [FrameSlot | null, FrameSlot | null] = [...state.slots];
  const shown = slots[active];
  if (!shown || !sameSetup(shown.setup, setup)) {
    const ahead = slots[1 - active];
    if (ahead && !ahead.retired && sameSetup(ahead.setup, setup)) {
      slots[active] = shown ? { ...shown, retired: true } : null;
      active = (1 - active) as 0 | 1;
    } else if (shown && !shown.retired && shown.uses < setupsPerFrame) {
      slots[active] = { ...shown, setup, uses: shown.uses + 1 };
    } else {
      slots[active] = { id: nextId++, setup, uses: 1 };
    }
  }
  const behind = (1 - active) as 0 | 1;
  const full = slots[active]!.uses >= setupsPerFrame;
  const wanted = full && next && !sameSetup(next, setup) ? next : undefined;
  const built = slots[behind];
  if (!wanted) slots[behind] = built?.retired ? built : null;
  else if (!built || built.retired || !sameSetup(built.setup, wanted))
    slots[behind] = { id: nextId++, setup: wanted, uses: 1 };
  const unchanged =
    active === state.active && slots[0] === state.slots[0] && slots[1] === state.slots[1] && nextId === state.nextId;
  return unchanged ? state : { slots, active, nextId };
}

/** The same frames without the one retired, once its moment has passed. */
export function dropRetired(state: FrameSlots): FrameSlots {
  if (!state.slots.some((slot) => slot?.retired)) return state;
  const [first, second] = state.slots;
  return { ...state, slots: [first?.retired ? null : first, second?.retired ? null : second] };
}
