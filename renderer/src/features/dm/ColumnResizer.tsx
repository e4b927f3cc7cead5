import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './columnWidths';

interface ColumnResizerProps {
  title: string;
  /** The column's width as the app sized it (a growing text column may be wider on screen). */
  width: number;
  onResize: (width: number, remember: boolean) => void;
  onReset: () => void;
}

const STEP = 16;
const BIG_STEP = 64;

/**
 * The handle on a header's right edge: drag it, or focus it and use the arrow keys (Shift for
 * bigger steps, Home for the narrowest); a double click or Enter goes back to the default width.
 * A focusable separator is ARIA's window splitter, so screen readers announce the width.
 */
export function ColumnResizer({ title, width, onResize, onReset }: ColumnResizerProps) {
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);
  /** The header cell's width on screen, where a drag or a key press starts from. */
  const shownWidth = (handle: HTMLElement) => handle.parentElement?.getBoundingClientRect().width ?? width;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const startWidth = shownWidth(event.currentTarget);
    drag.current = { startX: event.clientX, startWidth, last: startWidth };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.last = drag.current.startWidth + event.clientX - drag.current.startX;
    onResize(drag.current.last, false);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    onResize(drag.current.last, true);
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const current = Math.round(shownWidth(event.currentTarget));
    const moves: Record<string, number> = {
      ArrowRight: current + step,
      ArrowLeft: current - step,
      Home: MIN_COLUMN_WIDTH,
    };
    // The grid moves between rows with the same keys: these are the handle's.
    event.stopPropagation();
    if (event.key in moves) {
      event.preventDefault();
      onResize(moves[event.key]!, true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onReset();
    }
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${title}`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      title="Drag to resize, double-click to reset"
      className="dm-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
