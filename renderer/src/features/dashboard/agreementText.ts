import type { CSSProperties } from 'react';
import type { QualityAnnotator, QualityUser } from '../../api/quality';

/** An agreement score in [0, 1] as a whole percentage; a dash when it cannot be computed. */
export function formatAgreement(score: number | null): string {
  return score === null ? '—' : `${Math.round(score * 100)}%`;
}

/**
 * Kappa and alpha run from -1 to 1 and are read as they are, to two decimals. A value a rounding
 * error below zero (chance-level agreement computed in floating point) is shown as 0.00, not -0.00.
 */
export function formatStatistic(value: number | null): string {
  if (value === null) return '—';
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

export function qualityUserName(user: QualityUser | null): string {
  if (!user) return 'Unknown annotator';
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

export function qualityAnnotatorName(annotator: QualityAnnotator | undefined): string {
  return annotator ? qualityUserName(annotator.user) : 'Unknown annotator';
}

/*
 * A matrix cell's background: red below 50% agreement, green above, stronger further from the
 * middle. The colors are the theme's danger and success mixed into the card's surface, at most
 * 45%, so the theme's text color keeps enough contrast on them in both light and dark themes.
 */
export function heatStyle(score: number | null): CSSProperties | undefined {
  if (score === null) return undefined;
  const strength = Math.round(Math.min(1, Math.abs(score - 0.5) * 2) * 45);
  const color = score < 0.5 ? 'var(--color-danger)' : 'var(--color-success)';
  return { backgroundColor: `color-mix(in srgb, ${color} ${strength}%, var(--color-surface))` };
}
