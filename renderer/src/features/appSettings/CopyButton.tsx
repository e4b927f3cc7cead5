import { useToasts } from '../../components/toastContext';

interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name and the toast: "the legacy token". */
  what: string;
  className?: string;
}

/** Copies to the clipboard and says so; a refused clipboard is reported, not swallowed. */
export function CopyButton({ text, what, className }: CopyButtonProps) {
  const toasts = useToasts();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(`Copied ${what} to the clipboard.`);
    } catch (error) {
      toasts.error(`Could not copy ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <button
      type="button"
      className={className ?? 'button button--small'}
      aria-label={`Copy ${what}`}
      onClick={() => void copy()}
    >
      Copy
    </button>
  );
}
