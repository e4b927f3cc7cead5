import type { DashboardBucket } from '../../api/dashboard';
import { RANGE_CHOICES, type RangeChoice } from './dashboardText';

interface DashboardControlsProps {
  range: RangeChoice;
  bucket: DashboardBucket;
  busy: boolean;
  onRangeChange: (range: RangeChoice) => void;
  onBucketChange: (bucket: DashboardBucket) => void;
}

/** Which days the dashboard covers, and whether the timeline counts per day or per week. */
export function DashboardControls({ range, bucket, busy, onRangeChange, onBucketChange }: DashboardControlsProps) {
  return (
    <div className="dashboard-controls" aria-busy={busy}>
      <label className="dashboard-controls__field">
        <span>Period</span>
        <select className="input" value={range} onChange={(event) => onRangeChange(event.target.value as RangeChoice)}>
          {RANGE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="dashboard-controls__field">
        <span>Group by</span>
        <select
          className="input"
          value={bucket}
          onChange={(event) => onBucketChange(event.target.value as DashboardBucket)}
        >
          <option value="day">Day</option>
          <option value="week">Week</option>
        </select>
      </label>
    </div>
  );
}
