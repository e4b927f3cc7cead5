import { useCallback, useEffect, useRef, useState } from 'react';

/** The hash a link points to when it is an in-app link to another page, else null. */
function inAppTarget(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
  const href = link?.getAttribute('href');
  return href && href !== window.location.hash ? href : null;
}

/**
 * Holds the user on a page with unsaved changes: an in-app link or a hash change (back button,
 * typed URL) waits for `leave()` or `stay()`; closing or reloading the tab gets the browser's own
 * prompt, the only one a page may show then.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const [pendingHash, setPendingHash] = useState<string | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (!isDirty) return;
    const here = window.location.href;

    const onClick = (event: MouseEvent) => {
      const target = inAppTarget(event);
      if (!target || leaving.current) return;
      event.preventDefault();
      setPendingHash(target);
    };
    // A hash change that is no click (back button, typed URL) fires popstate before hashchange:
    // putting the URL back here means the router, reading the hash on hashchange, stays put.
    const onPopState = () => {
      if (leaving.current || window.location.href === here) return;
      const target = window.location.hash || '#/';
      history.replaceState(history.state, '', here);
      setPendingHash(target);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older Chromium (and so some Electron builds) asks only when returnValue is set.
      event.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty]);

  const stay = useCallback(() => setPendingHash(null), []);

  /** Goes where the user wanted to go; the caller drops its changes first. */
  const leave = useCallback(() => {
    if (pendingHash === null) return;
    leaving.current = true;
    setPendingHash(null);
    window.location.hash = pendingHash;
  }, [pendingHash]);

  return { pendingHash, stay, leave };
}
