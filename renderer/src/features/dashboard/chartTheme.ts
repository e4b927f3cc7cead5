/*
 * Chart colors are CSS variables (defined in dashboard.css from the theme's tokens), so the SVG
 * follows the light and dark themes without re-rendering. Chromium reads var() in SVG attributes.
 */

export const CHART_COLORS = {
  submitted: 'var(--chart-submitted)',
  skipped: 'var(--chart-skipped)',
  completed: 'var(--chart-completed)',
  remaining: 'var(--chart-remaining)',
  label: 'var(--chart-label)',
} as const;

export const GRID_STROKE = 'var(--chart-grid)';

export const AXIS_TICK = { fill: 'var(--chart-axis-text)', fontSize: 12 };
