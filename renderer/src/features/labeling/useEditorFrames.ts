import { useCallback, useEffect, useRef, useState } from 'react';
import { arrangeFrames, dropRetired, NO_FRAMES, type FrameSlot } from './frameSlots';
import type { EditorSetup, HostMessage } from './protocol';

/** How long the frame of the task just left stays, out of sight, before it is taken out. */
const RETIRED_FRAME_MS = 1000;
/**
 * Tasks the bundled editor shows in one frame before the next gets a fresh one: each leaves about
 * 400 kB and 120 DOM nodes behind in its document (measured over 1,000 tasks), which go with it.
 */
export const BUNDLED_TASKS_PER_FRAME = 25;

export interface EditorFrames {
  /** The two places, in their fixed order. */
  slots: readonly (FrameSlot | null)[];
  /** The id of the frame on screen. */
  shownId: number;
  /** Where the messages of a frame out of sight wait until it comes on screen. */
  holderFor(id: number): (message: HostMessage) => void;
  /** Hands what the frame now on screen said while out of sight to `handle`, once. */
  replay(handle: (message: HostMessage) => void): void;
}

/**
 * The editor's frame on screen and the next task's, built ahead out of sight when the frame on
 * screen will not take it (see `arrangeFrames`): always for a cached editor (`editorKey`), every
 * BUNDLED_TASKS_PER_FRAME tasks for the bundled one. The one built ahead says `ready` and `loaded`
 * while hidden; the page must not take those for the task on screen, so they are held and heard
 * once that frame is shown.
 */
export function useEditorFrames(
  editorKey: string | null,
  setup: EditorSetup,
  nextSetup: EditorSetup | undefined,
): EditorFrames {
  const [state, setState] = useState(NO_FRAMES);
  const arranged = arrangeFrames(state, setup, nextSetup, editorKey === null ? BUNDLED_TASKS_PER_FRAME : 1);
  if (arranged !== state) setState(arranged);
  const shownId = arranged.slots[arranged.active]?.id ?? 0;
  const held = useRef(new Map<number, HostMessage[]>());

  // The frame of the task just left goes once the next one has been painted.
  const retiring = arranged.slots.some((slot) => slot?.retired);
  useEffect(() => {
    if (!retiring) return;
    const timer = window.setTimeout(() => setState(dropRetired), RETIRED_FRAME_MS);
    return () => window.clearTimeout(timer);
  }, [retiring]);

  const holderFor = useCallback(
    (id: number) => (message: HostMessage) => {
      const list = held.current.get(id) ?? [];
      list.push(message);
      held.current.set(id, list);
    },
    [],
  );
  const live = arranged.slots;
  const replay = useCallback(
    (handle: (message: HostMessage) => void) => {
      // Frames that went without being shown leave nothing behind.
      for (const id of held.current.keys()) if (!live.some((slot) => slot?.id === id)) held.current.delete(id);
      const waiting = held.current.get(shownId);
      if (!waiting) return;
      held.current.delete(shownId);
      for (const message of waiting) handle(message);
    },
    [shownId, live],
  );
  return { slots: live, shownId, holderFor, replay };
}
