import type { EditorSetup } from './protocol';

/** One editor frame of a cached editor, built for one setup and never given another. */
export interface FrameSlot {
  /** Unique in the stage: the frame's React key, so a new slot is a new frame. */
  id: number;
  setup: EditorSetup;
  /**
   * The frame of the task just left, out of sight: taken out of the document a moment later
   * (`dropRetired`), since tearing down a whole editor costs the very frame that shows the next.
   */
  retired?: boolean;
}

/**
 * A cached editor's two frames: the one on screen, and the next task built beforehand out of
 * sight. Label Studio 1.22's editor cannot take a second task in the same document, so each task
 * needs a frame of its own; building the next one while the annotator works on this one is what
 * makes it appear at once. Two fixed places, never reordered: moving an iframe in the document
 * would reload it.
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
 * The frames for `setup` on screen and `next` (the task most likely shown next) out of sight: the
 * frame on screen stays while its setup is the same; the one built ahead comes on screen when its
 * setup is the one asked for; anything else gets a fresh frame. Returns `state` itself when
 * nothing changes.
 */
export function arrangeFrames(state: FrameSlots, setup: EditorSetup, next: EditorSetup | undefined): FrameSlots {
  let { active, nextId } = state;
  const slots: [FrameSlot | null, FrameSlot | null] = [...state.slots];
  const standby = (1 - active) as 0 | 1;
  const shown = slots[active];
  if (!shown || !sameSetup(shown.setup, setup)) {
    const ahead = slots[standby];
    if (ahead && !ahead.retired && sameSetup(ahead.setup, setup)) {
      slots[active] = shown ? { ...shown, retired: true } : null;
      active = standby;
    } else {
      slots[active] = { id: nextId++, setup };
    }
  }
  const behind = (1 - active) as 0 | 1;
  const wanted = next && !sameSetup(next, setup) ? next : undefined;
  const built = slots[behind];
  if (!wanted) slots[behind] = built?.retired ? built : null;
  else if (!built || built.retired || !sameSetup(built.setup, wanted)) slots[behind] = { id: nextId++, setup: wanted };
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
