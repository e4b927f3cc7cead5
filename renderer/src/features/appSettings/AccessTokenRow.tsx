import { readTokenClaims, type ListedAccessToken } from '../../api/tokens';
import { expiryText } from './tokenExpiry';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "token created 15 Jan 2026, 10:00": how a listed token is named in buttons and messages. */
export function tokenName(token: ListedAccessToken): string {
  const issued = readTokenClaims(token.token)?.issuedAt;
  return issued ? `token created ${DATE.format(issued)}` : 'token';
}

/** One listed PAT: when it was made and expires, the end of its (truncated) text, and Revoke. */
export function AccessTokenRow({ token, onRevoke }: { token: ListedAccessToken; onRevoke: () => void }) {
  const claims = readTokenClaims(token.token);
  const expiry = expiryText(claims);
  return (
    <li className="token-list__item">
      <span className="token-list__text">
        <span className="token-list__title">
          {claims?.issuedAt ? `Created ${DATE.format(claims.issuedAt)}` : 'Personal access token'}
        </span>
        <span className="muted token-list__details">
          {expiry ? `${expiry} · ` : ''}
          <code title="The server lists tokens without their signature.">…{token.token.slice(-12)}</code>
        </span>
      </span>
      <button
        type="button"
        className="button button--small button--danger-quiet"
        aria-label={`Revoke the ${tokenName(token)}`}
        onClick={onRevoke}
      >
        Revoke
      </button>
    </li>
  );
}
