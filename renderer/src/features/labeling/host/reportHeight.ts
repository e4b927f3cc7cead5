/**
 * Tells the page how tall the editor's content is, whenever that changes, so the page can give
 * the frame all of it (and scroll) rather than cut off what a tall config puts at the bottom, such
 * as a video's timeline. The content is the editor's root, which scrolls (`.editor-host`): its
 * scrollHeight is what it holds, whatever room the frame has.
 */
export function reportContentHeight(root: HTMLElement, report: (height: number) => void): void {
  let last = -1;
  let pending = false;
  const measure = () => {
    pending = false;
    const height = root.scrollHeight;
    if (height === last) return;
    last = height;
    report(height);
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(measure);
  };
  new ResizeObserver(schedule).observe(root);
  // The editor's panels grow without the root itself resizing: any change inside is measured again.
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true, attributes: true });
  window.addEventListener('resize', schedule);
  schedule();
}
