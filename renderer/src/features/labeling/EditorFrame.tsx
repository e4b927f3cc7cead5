import { useEffect, useRef, useState } from 'react';
import { cachedEditorFolder, readEditorBoot } from './cachedEditorBoot';
import {
  editorAddress,
  isTrustedSource,
  parseHostMessage,
  FRAME_ORIGIN,
  type EditorSetup,
  type EditorTheme,
  type HostMessage,
  type ParentMessage,
} from './protocol';
import { taskMediaOnce } from './mediaPrefetch';
import { useDocumentTheme } from './useDocumentTheme';
import type { EditorBoot } from '../../../../shared/api/editor';

export interface EditorFrameHandle {
  send(message: ParentMessage): void;
}

interface EditorFrameProps {
  /** A new object re-renders the editor (the frame itself stays). */
  setup: EditorSetup;
  /**
   * The cached editor to load (`ProjectEditor.key`), null for the bundled one. Read at mount
   * only: the frame's address is fixed, so another editor needs another frame (a React `key`).
   */
  editorKey: string | null;
  title: string;
  onMessage: (message: HostMessage) => void;
  /** Receives a handle to send commands (submit, skip) to the editor. */
  handleRef?: { current: EditorFrameHandle | null };
  className?: string;
  /** Built ahead, out of sight: no focus, no keys, hidden from assistive technology. */
  ahead?: boolean;
}

/**
 * The sandbox: scripts run, forms fire their submit events (the frame's own policy blocks the
 * submissions themselves), and nothing else. Without `allow-same-origin` the frame's origin is
 * opaque: no cookies, no storage, no reaching into this page or the desktop bridge, and this
 * server answers its API calls 401, whatever editor code runs there.
 */
export const EDITOR_FRAME_SANDBOX = 'allow-scripts allow-forms';

/** The frame's own borders, top and bottom: its content needs that much more height. */
function frameBorders(frame: HTMLIFrameElement | null): number {
  return frame ? frame.offsetHeight - frame.clientHeight : 0;
}

/** The cached editor's boot recipe, read by this page (the frame may fetch nothing itself). */
async function bootFor(editorKey: string | null): Promise<EditorBoot | null> {
  if (editorKey === null) return null;
  const response = await fetch(`${cachedEditorFolder(editorKey)}manifest.json`);
  if (!response.ok) throw new Error(`Its manifest could not be fetched (HTTP ${response.status}).`);
  return readEditorBoot(await response.json().catch(() => null));
}

/**
 * The Label Studio editor in a sandboxed iframe (`editor.html`), so its global CSS and globals
 * stay out of the app and its code (a remote's, for a cached editor) reaches nothing of the app's
 * but these messages. Setups go in by postMessage with the task's media; callbacks come back the
 * same way. The frame follows the app's theme: named in its address, so it is dark from the
 * first paint, then by message whenever the theme changes.
 */
export function EditorFrame(props: EditorFrameProps) {
  const { setup, editorKey, title, onMessage, handleRef, className, ahead = false } = props;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const readyRef = useRef(false);
  const setupRef = useRef(setup);
  const onMessageRef = useRef(onMessage);
  const theme = useDocumentTheme();
  const themeRef = useRef<EditorTheme>(theme);
  // The address is fixed at mount: changing it would reload the editor.
  const [src] = useState(() => editorAddress(theme, editorKey));
  const editorKeyRef = useRef(editorKey);
  const aheadRef = useRef(ahead);
  // The editor's content height as the frame reports it (and the frame's borders, measured then):
  // the frame is at least that tall.
  const [contentHeight, setContentHeight] = useState<{ content: number; borders: number } | null>(null);
  const setupSender = useRef<((next: EditorSetup) => void) | null>(null);

  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const controller = new AbortController();
    // An opaque origin cannot be named as a target: '*' reaches this frame's window only, and
    // the page's own policy (frame-src 'self') keeps anything but this server's pages out of it.
    const send = (message: ParentMessage) => frameRef.current?.contentWindow?.postMessage(message, '*');
    const sendSetup = (next: EditorSetup) => {
      void taskMediaOnce(next.task.data, location.origin).then((media) => {
        // A newer setup went in meanwhile: its own media follow.
        if (setupRef.current === next && !controller.signal.aborted) send({ type: 'init', setup: next, media });
      });
    };
    const listener = (event: MessageEvent) => {
      if (!isTrustedSource(event, frameRef.current?.contentWindow, FRAME_ORIGIN)) return;
      const message = parseHostMessage(event.data);
      if (!message) return;
      if (message.type === 'hello') {
        bootFor(editorKeyRef.current).then(
          (boot) => send({ type: 'boot', boot }),
          (error: unknown) => {
            const reason = error instanceof Error ? error.message : String(error);
            onMessageRef.current({ type: 'error', message: reason, kind: 'editor-files' });
          },
        );
        return;
      }
      if (message.type === 'height') {
        // A few pixels more each time is a layout that grows with its frame, not content: ignored.
        const borders = frameBorders(frameRef.current);
        setContentHeight((current) =>
          current !== null && Math.abs(message.height - current.content) < 4
            ? current
            : { content: message.height, borders },
        );
        return;
      }
      if (message.type === 'ready') {
        readyRef.current = true;
        send({ type: 'theme', theme: themeRef.current });
        send({ type: 'shown', shown: !aheadRef.current });
        sendSetup(setupRef.current);
      }
      onMessageRef.current(message);
    };
    window.addEventListener('message', listener);
    const sendNewSetup = (next: EditorSetup) => {
      if (readyRef.current) sendSetup(next);
    };
    setupSender.current = sendNewSetup;
    return () => {
      controller.abort();
      window.removeEventListener('message', listener);
      setupSender.current = null;
    };
  }, []);

  // Apart from the listener: a frame built ahead gets its handle when it comes on screen, and
  // must not lose a setup still on its way to it then.
  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = {
      send: (message: ParentMessage) => frameRef.current?.contentWindow?.postMessage(message, '*'),
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef]);

  useEffect(() => {
    if (setupRef.current === setup) return;
    setupRef.current = setup;
    // Back to the room the page gives: the next task's editor reports its own height.
    setContentHeight(null);
    setupSender.current?.(setup);
  }, [setup]);

  useEffect(() => {
    if (aheadRef.current === ahead) return;
    aheadRef.current = ahead;
    const message: ParentMessage = { type: 'shown', shown: !ahead };
    if (readyRef.current) frameRef.current?.contentWindow?.postMessage(message, '*');
  }, [ahead]);

  useEffect(() => {
    if (themeRef.current === theme) return;
    themeRef.current = theme;
    const message: ParentMessage = { type: 'theme', theme };
    if (readyRef.current) frameRef.current?.contentWindow?.postMessage(message, '*');
  }, [theme]);

  return (
    <iframe
      ref={frameRef}
      className={className ?? 'editor-frame'}
      title={title}
      src={src}
      sandbox={EDITOR_FRAME_SANDBOX}
      inert={ahead}
      aria-hidden={ahead || undefined}
      tabIndex={ahead ? -1 : undefined}
      // Taller than its place when the editor needs more: the page scrolls instead of cutting it off.
      style={contentHeight === null ? undefined : { minHeight: `${contentHeight.content + contentHeight.borders}px` }}
    />
  );
}
