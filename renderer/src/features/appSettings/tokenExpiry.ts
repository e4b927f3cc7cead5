import type { AccessTokenClaims } from '../../api/tokens';

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Label Studio CE gives PATs a 200-year lifetime as its way of saying "never"
 * (docs/label-studio-compatibility.md#authentication-and-tokens). Anything a century or more away
 * is shown as that, not as a date in 2226.
 */
const NEVER_AFTER_MS = 100 * 365 * 24 * 60 * 60 * 1000;

/** "Never expires", "Expires 7 Oct 2026", "Expired 1 Jan 2026", or null when the token does not say. */
export function expiryText(
  claims: AccessTokenClaims | null,
  now: Date = new Date(),
  format: (date: Date) => string = (date) => DAY.format(date),
): string | null {
  if (!claims?.expiresAt) return null;
  const from = claims.issuedAt ?? now;
  if (claims.expiresAt.getTime() - from.getTime() >= NEVER_AFTER_MS) return 'Never expires';
  return `${claims.expiresAt.getTime() <= now.getTime() ? 'Expired' : 'Expires'} ${format(claims.expiresAt)}`;
}
