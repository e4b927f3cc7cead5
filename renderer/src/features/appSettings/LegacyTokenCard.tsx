import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { fetchLegacyToken, maskSecret, resetLegacyToken } from '../../api/tokens';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToasts } from '../../components/toastContext';
import { CopyButton } from './CopyButton';
import { FormError } from '../../components/FormError';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The 40-hex legacy token, masked until revealed. In the desktop app the UI itself signs its
 * requests with this token (handed over by the preload at start), so resetting it would cut the
 * running app off from its own server: there the reset is refused with the way to do it instead.
 */
export function LegacyTokenCard({ isDesktopApp }: { isDesktopApp: boolean }) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.legacyToken,
    queryFn: ({ signal }) => fetchLegacyToken(client, signal),
  });
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const fieldId = useId();
  const hintId = useId();

  const reset = async () => {
    setResetting(true);
    try {
      const token = await resetLegacyToken(client);
      queryClient.setQueryData(queryKeys.legacyToken, token);
      setRevealed(true);
      setConfirming(false);
      toasts.success('Created a new legacy token. The old one no longer works.');
    } catch (error) {
      toasts.error(`The token was not reset: ${messageOf(error)}`);
    } finally {
      setResetting(false);
    }
  };

  return (
    <div className="token-block">
      <h3 className="settings-subtitle">Legacy token</h3>
      <p className="muted token-block__hint" id={hintId}>
        For scripts and the Label Studio SDK: send it as <code>Authorization: Token &lt;key&gt;</code>. It never
        expires.
      </p>
      {query.isPending && <p role="status">Loading the token…</p>}
      {query.isError && <FormError>The token could not be loaded: {messageOf(query.error)}</FormError>}
      {query.isSuccess && (
        <div className="token-row">
          <label htmlFor={fieldId} className="visually-hidden">
            Legacy token
          </label>
          <input
            id={fieldId}
            className="input input--mono token-row__value"
            readOnly
            value={revealed ? query.data : maskSecret(query.data)}
            aria-describedby={hintId}
            data-revealed={revealed}
          />
          <button
            type="button"
            className="button button--small"
            aria-pressed={revealed}
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? 'Hide' : 'Reveal'}
          </button>
          <CopyButton text={query.data} what="the legacy token" />
          <button
            type="button"
            className="button button--small button--danger-quiet"
            disabled={isDesktopApp}
            aria-describedby={isDesktopApp ? `${hintId}-desktop` : undefined}
            onClick={() => setConfirming(true)}
          >
            Reset token…
          </button>
        </div>
      )}
      {isDesktopApp && (
        <p className="field__hint" id={`${hintId}-desktop`}>
          The desktop app signs its own requests with this token, so it cannot be reset while the app runs. To replace
          it, quit Outpost, run <code>outpost serve</code> on the same data folder, open its login link and reset it
          there; the app picks up the new token at its next start.
        </p>
      )}
      <ConfirmDialog
        title="Reset the legacy token?"
        open={confirming}
        confirmLabel="Reset token"
        busy={resetting}
        busyLabel="Resetting…"
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          A new token replaces the current one at once. Scripts and tools that use the current token get “Invalid token”
          until you give them the new one. This window stays signed in.
        </p>
      </ConfirmDialog>
    </div>
  );
}
