import { useEffect, useRef, useState } from 'react';
import {
  editorAddress,
  isTrustedSource,
  parseHostMessage,
  type EditorSetup,
  type EditorTheme,
  type HostMessage,
  type ParentMessage,
} from '../../labeling/protocol';
import { useDocumentTheme } from '../../labeling/useDocumentTheme';

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
}

/**
 * The Label Studio editor in a same-origin iframe (`editor.html`), so its global CSS reset and
 * its globals stay out of the app. Setups go in by postMessage; callbacks come back the same way.
 * The frame follows the app's theme: named in its address, so it is dark from the first paint,
 * then by message whenever the theme changes.
 */
export function EditorFrame({ setup, editorKey, title, onMessage, handleRef, className }: EditorFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const readyRef = useRef(false);
  const setupRef = useRef(setup);
  const onMessageRef = useRef(onMessage);
  const theme = useDocumentTheme();
  const themeRef = useRef<EditorTheme>(theme);
  // The address is fixed at mount: changing it would reload the editor.
  const [src] = useState(() => editorAddress(theme, editorKey));

  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const send = (message: ParentMessage) => frameRef.current?.contentWindow?.postMessage(message, location.origin);
    if (handleRef) handleRef.current = { send };
    const listener = (event: MessageEvent) => {
      if (!isTrustedSource(event, frameRef.current?.contentWindow, location.origin)) return;
      const message = parseHostMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        readyRef.current = true;
        send({ type: 'theme', theme: themeRef.current });
        send({ type: 'init', setup: setupRef.current });
      }
      onMessageRef.current(message);
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      if (handleRef) handleRef.current = null;
    };
  }, [handleRef]);

  useEffect(() => {
    if (setupRef.current === setup) return;
    setupRef.current = setup;
    if (readyRef.current) frameRef.current?.contentWindow?.postMessage({ type: 'init', setup }, location.origin);
  }, [setup]);

  useEffect(() => {
    if (themeRef.current === theme) return;
    themeRef.current = theme;
    const message: ParentMessage = { type: 'theme', theme };
    if (readyRef.current) frameRef.current?.contentWindow?.postMessage(message, location.origin);
  }, [theme]);

  return <iframe ref={frameRef} className={className ?? 'editor-frame'} title={title} src={src} />;
}
