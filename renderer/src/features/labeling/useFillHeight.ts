import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this the editor is unusable: a short window scrolls the page instead. */
const MIN_HEIGHT = 416;

/**
 * The height from the element's top to the bottom of the page's scrolling area (less its bottom
 * padding): all the room below the toolbar, measured rather than guessed, again whenever the
 * window or what is above the element changes size.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const scroller = element?.closest<HTMLElement>('.app-main');
    if (!element || !scroller) return;
    const measure = () => {
      const scrollerTop = scroller.getBoundingClientRect().top;
      const top = element.getBoundingClientRect().top - scrollerTop + scroller.scrollTop;
      const paddingBottom = parseFloat(getComputedStyle(scroller).paddingBottom) || 0;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(scroller.clientHeight - top - paddingBottom)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    // The toolbar above may wrap to a second line, or a notice appear: the top moves.
    if (element.parentElement?.parentElement) observer.observe(element.parentElement.parentElement);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
