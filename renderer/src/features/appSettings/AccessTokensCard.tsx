import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { queryKeys } from '../../api/queryKeys';
import { createAccessToken, listAccessTokens, revokeAccessToken, type ListedAccessToken } from '../../api/tokens';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToasts } from '../../components/toastContext';
import { AccessTokenRow, tokenName } from './AccessTokenRow';
import { NewTokenPanel } from './NewTokenPanel';
import { FormError } from '../../components/FormError';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Personal access tokens: the live ones as the server lists them (truncated, so never usable from
 * here), one new token at a time shown in full exactly once, and revoking with a confirmation.
 */
export function AccessTokensCard() {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.accessTokens,
    queryFn: ({ signal }) => listAccessTokens(client, signal),
  });
  const tokens = query.data;
  const [created, setCreated] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ListedAccessToken | null>(null);
  const [isRevoking, setRevoking] = useState(false);
  const limitId = useId();
  // The server allows one live PAT per user (409 otherwise): say so before the click, not after.
  const hasToken = tokens !== undefined && tokens.length > 0;
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens });

  const create = async () => {
    setCreating(true);
    setRefusal(null);
    try {
      const result = await createAccessToken(client);
      if (result.kind === 'exists') setRefusal(result.message);
      else setCreated(result.token);
      await reload();
    } catch (error) {
      toasts.error(`No token was created: ${messageOf(error)}`);
    } finally {
      setCreating(false);
    }
  };

  const revoke = async () => {
    if (!toRevoke) return;
    setRevoking(true);
    try {
      await revokeAccessToken(client, toRevoke.token);
      toasts.success(`Revoked the ${tokenName(toRevoke)}.`);
      setToRevoke(null);
      setRefusal(null);
      if (created?.startsWith(toRevoke.token)) setCreated(null);
      await reload();
    } catch (error) {
      toasts.error(`The token was not revoked: ${messageOf(error)}`);
    } finally {
      setRevoking(false);
    }
  };

  return (
    <div className="token-block">
      <div className="token-block__header">
        <h3 className="settings-subtitle">Personal access tokens</h3>
        <button
          type="button"
          className="button button--small"
          disabled={isCreating || hasToken}
          aria-describedby={hasToken ? limitId : undefined}
          onClick={() => void create()}
        >
          {isCreating ? 'Creating…' : 'Create token'}
        </button>
      </div>
      <p className="muted token-block__hint">
        For the Label Studio SDK and other clients that support them: exchange it at <code>/api/token/refresh/</code>{' '}
        for a 5-minute access token sent as <code>Authorization: Bearer &lt;access&gt;</code>. You can have one at a
        time; <code>outpost token</code> prints it, or makes one when there is none.
      </p>
      {hasToken && (
        <p id={limitId} className="token-block__limit">
          To create a new token, revoke the one you have.
        </p>
      )}
      {refusal && <FormError>{refusal}</FormError>}
      {created && <NewTokenPanel token={created} onDone={() => setCreated(null)} />}
      {query.isPending && <p role="status">Loading tokens…</p>}
      {query.isError && <FormError>The tokens could not be loaded: {messageOf(query.error)}</FormError>}
      {tokens?.length === 0 && <p className="muted">No personal access tokens.</p>}
      {tokens !== undefined && tokens.length > 0 && (
        <ul className="token-list" aria-label="Personal access tokens">
          {tokens.map((token) => (
            <AccessTokenRow key={token.token} token={token} onRevoke={() => setToRevoke(token)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        title="Revoke this token?"
        open={toRevoke !== null}
        confirmLabel="Revoke token"
        busy={isRevoking}
        busyLabel="Revoking…"
        onConfirm={() => void revoke()}
        onCancel={() => setToRevoke(null)}
      >
        <p>
          Clients using the {toRevoke ? tokenName(toRevoke) : 'token'} can no longer get access tokens with it. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
