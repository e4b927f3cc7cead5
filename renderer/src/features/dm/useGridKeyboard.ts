import { useState, type KeyboardEvent } from 'react';
import type { DmTask } from '../../api/dataManager';
import { scrollTopToReveal, type WindowGeometry } from './virtualWindow';

interface GridKeyboardOptions {
  /** Scrolls the grid to `top` (its own element: the hook does not write to what it is given). */
  scrollTo: (top: number) => void;
  geometry: WindowGeometry;
  scrollTop: number;
  rowAt: (index: number) => DmTask | undefined;
  onOpen: (task: DmTask) => void;
  onToggle: (task: DmTask, index: number) => void;
}

/** Which row moves by key: the active row, and the keys of a grid (arrows, pages, Home/End, Enter, Space). */
export function useGridKeyboard({ scrollTo, geometry, scrollTop, rowAt, onOpen, onToggle }: GridKeyboardOptions) {
  const [active, setActive] = useState<number | null>(null);
  const rowsPerPage = Math.max(1, Math.floor(geometry.viewportHeight / geometry.rowHeight) - 1);

  const moveTo = (index: number) => {
    const row = Math.min(geometry.rowCount - 1, Math.max(0, index));
    setActive(row);
    const target = scrollTopToReveal(geometry, scrollTop, row);
    if (target !== null) scrollTo(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed on the header's buttons and checkboxes are theirs.
    if (event.target !== event.currentTarget || geometry.rowCount === 0) return;
    const current = active ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: Math.max(0, current - 1),
      PageDown: current + rowsPerPage,
      PageUp: current - rowsPerPage,
      Home: 0,
      End: geometry.rowCount - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
      return;
    }
    const task = active === null ? undefined : rowAt(active);
    if (!task || active === null) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(task);
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggle(task, active);
    }
  };

  return { active, setActive, onKeyDown };
}
