/** The submitted/skipped key under a stacked chart (the chart's card names it for screen readers). */
export function SeriesLegend() {
  return (
    <ul className="series-legend" aria-hidden="true">
      <li>
        <span className="legend-swatch legend-swatch--submitted" />
        Submitted
      </li>
      <li>
        <span className="legend-swatch legend-swatch--skipped" />
        Skipped
      </li>
    </ul>
  );
}
