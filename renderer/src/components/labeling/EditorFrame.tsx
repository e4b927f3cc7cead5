import { useEffect, useRef } from 'react';
import {
  isTrustedSource,
  parseHostMessage,
  type EditorSetup,
  type HostMessage,
  type ParentMessage,
} from '../../labeling/protocol';

export interface EditorFrameHandle {
  send(message: ParentMessage): void;
}

interface EditorFrameProps {
  /** A new object re-renders the editor (the frame itself stays). */
  setup: EditorSetup;
  title: string;
  onMessage: (message: HostMessage) => void;
  /** Receives a handle to send commands (submit, skip) to the editor. */
  handleRef?: { current: EditorFrameHandle | null };
  className?: string;
}

/**
 * The Label Studio editor in a same-origin iframe (`editor.html`), so its global CSS reset and
 * its globals stay out of the app. Setups go in by postMessage; callbacks come back the same way.
 */
export function EditorFrame({ setup, title, onMessage, handleRef, className }: EditorFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const readyRef = useRef(false);
  const setupRef = useRef(setup);
  const onMessageRef = useRef(onMessage);

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

  return <iframe ref={frameRef} className={className ?? 'editor-frame'} title={title} src="./editor.html" />;
}
