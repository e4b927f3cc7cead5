import { describe, expect, it } from 'vitest';
import {
  arrangeFrames,
  dropRetired,
  NO_FRAMES,
  type FrameSlots,
} from '../../renderer/src/features/labeling/frameSlots.js';
import type { EditorSetup } from '../../renderer/src/features/labeling/protocol.js';

/*
 * A cached editor's two frames through a label stream: the task on screen, and the next one built
 * out of sight and swapped in. Setups are compared by content, since the page makes its own setup
 * for a task it has already made one for ahead.
 */

const setupOf = (id: number, text = `task ${id}`) => ({ task: { id, data: { text } } }) as unknown as EditorSetup;
const shownOf = (state: FrameSlots) => state.slots[state.active];
const aheadOf = (state: FrameSlots) => state.slots[1 - state.active];

describe('the frames of a cached editor', () => {
  it('builds the next task out of sight and swaps it in when the page moves to it', () => {
    const first = arrangeFrames(NO_FRAMES, setupOf(1), setupOf(2));
    expect(shownOf(first)?.setup).toEqual(setupOf(1));
    expect(aheadOf(first)?.setup).toEqual(setupOf(2));
    const builtAhead = aheadOf(first)!;

    // The page's own setup for task 2: equal, not the same object.
    const moved = arrangeFrames(first, setupOf(2), undefined);
    expect(shownOf(moved)).toBe(builtAhead);
    // The slot stays in its place: its frame is not moved in the document.
    expect(moved.slots.indexOf(builtAhead)).toBe(first.slots.indexOf(builtAhead));
    // The task left stays a moment, retired, and is never shown again from there.
    expect(aheadOf(moved)).toEqual({ ...shownOf(first), retired: true });
    expect(shownOf(arrangeFrames(moved, setupOf(1), undefined))?.id).not.toBe(shownOf(first)?.id);
    expect(aheadOf(dropRetired(moved))).toBeNull();
    expect(dropRetired(first)).toBe(first);

    // The next task fetched ahead takes the retired frame's place.
    const nextKnown = arrangeFrames(moved, setupOf(2), setupOf(3));
    expect(shownOf(nextKnown)).toBe(builtAhead);
    expect(aheadOf(nextKnown)?.setup).toEqual(setupOf(3));
    expect(new Set([...first.slots, ...nextKnown.slots].map((slot) => slot?.id)).size).toBe(3);
  });

  it('keeps everything as it is while nothing changes', () => {
    const first = arrangeFrames(NO_FRAMES, setupOf(1), setupOf(2));
    expect(arrangeFrames(first, setupOf(1), setupOf(2))).toBe(first);
  });

  it('gives a fresh frame to a task that was not the one built ahead, and to a task read again with changes', () => {
    const first = arrangeFrames(NO_FRAMES, setupOf(1), setupOf(2));
    const jumped = arrangeFrames(first, setupOf(7), setupOf(8));
    expect(shownOf(jumped)?.setup).toEqual(setupOf(7));
    expect(shownOf(jumped)?.id).not.toBe(shownOf(first)?.id);
    expect(aheadOf(jumped)?.setup).toEqual(setupOf(8));

    const reread = arrangeFrames(jumped, setupOf(7, 'task 7, with its annotation'), setupOf(8));
    expect(shownOf(reread)?.id).not.toBe(shownOf(jumped)?.id);
    // What was built ahead is still the task after it.
    expect(aheadOf(reread)).toBe(aheadOf(jumped));
  });

  it('lets the bundled editor take several tasks in one frame, and builds a fresh one ahead for the task after', () => {
    let state = arrangeFrames(NO_FRAMES, setupOf(1), setupOf(2), 3);
    const frame = shownOf(state)!.id;
    // Not full yet: nothing built ahead, the next task goes into the same frame.
    expect(aheadOf(state)).toBeNull();
    state = arrangeFrames(state, setupOf(2), setupOf(3), 3);
    expect(shownOf(state)).toMatchObject({ id: frame, uses: 2, setup: setupOf(2) });
    expect(aheadOf(state)).toBeNull();
    // Its third task fills it: the fourth is built ahead in a fresh frame and swapped in.
    state = arrangeFrames(state, setupOf(3), setupOf(4), 3);
    expect(shownOf(state)).toMatchObject({ id: frame, uses: 3 });
    const fresh = aheadOf(state)!;
    expect(fresh).toMatchObject({ setup: setupOf(4), uses: 1 });
    state = arrangeFrames(state, setupOf(4), setupOf(5), 3);
    expect(shownOf(state)).toBe(fresh);
    expect(aheadOf(state)).toMatchObject({ id: frame, retired: true });
    // A task nobody built ahead, once the frame is full, gets a fresh frame too.
    const full = arrangeFrames(NO_FRAMES, setupOf(1), undefined, 1);
    expect(shownOf(arrangeFrames(full, setupOf(9), undefined, 1))?.id).not.toBe(shownOf(full)?.id);
  });

  it('builds nothing ahead when the next task is the one on screen, or unknown', () => {
    expect(aheadOf(arrangeFrames(NO_FRAMES, setupOf(1), setupOf(1)))).toBeNull();
    const first = arrangeFrames(NO_FRAMES, setupOf(1), setupOf(2));
    expect(aheadOf(arrangeFrames(first, setupOf(1), undefined))).toBeNull();
  });
});
