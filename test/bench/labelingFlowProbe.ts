import type { BrowserContext, Page } from 'playwright-core';

/*
 * What the labeling flow bench watches inside the browser. A script in every new document of the
 * editor (Outpost's sandboxed editor frame, Label Studio's own page) reports two things to Node,
 * each with the browser's clock (performance.timeOrigin + performance.now(), one clock for all the
 * documents of the browser):
 * - `submit`: a Ctrl+Enter keydown, seen first (capture phase, before the editor's own handlers);
 * - `shown`: a task coming on screen, polled once per animation frame, just before the frame is
 *   painted: a text task's marker ("Flow task #N") in a visible element, or an image element that
 *   has loaded (complete), is a task's image (at least `minImageWidth` wide: not an icon or Label
 *   Studio's loading spinner), is visible, and whose source is new.
 * Node only collects the reports: the times are the browser's own, not Node's round trips.
 */

export const TEXT_MARKER = 'Flow task #';

export interface FlowEvent {
  kind: 'submit' | 'shown';
  /** `text:<n>` or `image:<src>` for `shown`; empty for `submit`. */
  marker: string;
  /** Milliseconds on the browser's clock (epoch-based, sub-millisecond). */
  at: number;
  /** The tab it came from (added in Node: several streams can be open side by side). */
  page?: Page;
}

interface ProbeOptions {
  /** True: watch only documents inside a frame (Outpost's editor); false: only top documents. */
  inFrame: boolean;
  textMarker: string;
  minImageWidth: number;
}

/** Runs in the browser: the recorder (kept self-contained, since Playwright sends its source). */
function recordFlow({ inFrame, textMarker, minImageWidth }: ProbeOptions): void {
  if (inFrame === (window === window.top)) return;
  const report = (event: FlowEvent) =>
    (window as unknown as { __flowReport?: (event: FlowEvent) => void }).__flowReport?.(event);
  const clock = () => performance.timeOrigin + performance.now();
  const pattern = new RegExp(`${textMarker}(\\d+)`, 'g');
  addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter' && event.ctrlKey) report({ kind: 'submit', marker: '', at: clock() });
    },
    true,
  );
  const onScreen = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.top < innerHeight &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  // A frame's own view of its content says nothing of the frame itself: a cached editor builds the
  // next task in a frame out of sight. The page says so to the frame (`data-shown`), and a frame
  // off the screen does not intersect it.
  let frameInView = !inFrame;
  let watching = false;
  const watchFrame = () => {
    if (watching || !document.documentElement) return;
    watching = true;
    new IntersectionObserver((entries) => {
      frameInView = entries.some((entry) => entry.isIntersecting);
      // Observed right after the frame came on screen: read it now rather than a frame later.
      if (frameInView && !(window as unknown as { __flowPaused?: boolean }).__flowPaused) scan();
    }).observe(document.documentElement);
  };
  const visibleMarkers = () => {
    const found = new Set<string>();
    const body = document.body;
    if (inFrame) watchFrame();
    // The page tells its editor frame whether it is the one on screen (a frame built ahead is not).
    if (!body || !frameInView || document.documentElement.dataset.shown === 'false') return found;
    if (body.textContent?.includes(textMarker)) {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, template, textarea')) continue;
        for (const match of (node.nodeValue ?? '').matchAll(pattern)) {
          if (onScreen(parent)) found.add(`text:${match[1]}`);
        }
      }
    }
    for (const image of body.querySelectorAll('img')) {
      if (image.complete && image.naturalWidth >= minImageWidth && onScreen(image))
        found.add(`image:${image.currentSrc}`);
    }
    return found;
  };
  let visible = new Set<string>();
  const scan = () => {
    const now = visibleMarkers();
    for (const marker of now) if (!visible.has(marker)) report({ kind: 'shown', marker, at: clock() });
    visible = now;
  };
  const poll = () => {
    // A paused tab (a stream waiting for its turn) neither scans nor asks for frames, which would
    // take the machine from the stream being measured.
    if ((window as unknown as { __flowPaused?: boolean }).__flowPaused) {
      setTimeout(poll, 100);
      return;
    }
    scan();
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** The probe's reports, in the order they came, and a way to wait for the next one. */
export interface FlowLog {
  events: FlowEvent[];
  /** Resolves when the next report arrives. */
  nextReport(): Promise<void>;
}

/**
 * Installs the recorder in every document `context` opens from now on (in frames only, or in top
 * documents only) and returns the log its reports are appended to.
 */
export async function recordFlowEvents(
  context: BrowserContext,
  inFrame: boolean,
  minImageWidth: number,
): Promise<FlowLog> {
  const events: FlowEvent[] = [];
  let announce = () => {};
  let arrived = new Promise<void>((resolve) => (announce = resolve));
  await context.exposeBinding('__flowReport', (source, event: FlowEvent) => {
    events.push({ ...event, page: source.page });
    announce();
    arrived = new Promise<void>((resolve) => (announce = resolve));
  });
  await context.addInitScript(recordFlow, { inFrame, textMarker: TEXT_MARKER, minImageWidth });
  return { events, nextReport: () => arrived };
}

/** Median, 95th percentile and maximum of `samples` (nearest rank). */
export function summarize(samples: readonly number[]): { median: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
  return { median: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1]! };
}
