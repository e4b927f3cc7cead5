import { xml, type TemplateDraft } from './template.js';

/** 60 readings, one per second, with a walk then a run in the middle. */
function accelerometerSample(): Record<string, number[]> {
  const seconds = Array.from({ length: 60 }, (_, index) => index);
  const energy = (second: number) => (second < 15 ? 0.2 : second < 35 ? 2 : second < 50 ? 5 : 0.3);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    seconds,
    accel_x: seconds.map((second) => round(Math.sin(second * 1.7) * energy(second))),
    accel_y: seconds.map((second) => round(9.8 + Math.cos(second * 1.3) * energy(second))),
  };
}

/** Two days of hourly request counts with one spike and one dropout. */
function metricsSample(): Record<string, (number | string)[]> {
  const hours = Array.from({ length: 48 }, (_, index) => index);
  const stamp = (hour: number) =>
    `2024-05-${String(1 + Math.floor(hour / 24)).padStart(2, '0')} ${String(hour % 24).padStart(2, '0')}:00`;
  const requests = (hour: number) =>
    hour === 20 ? 960 : hour >= 33 && hour <= 35 ? 0 : Math.round(300 + 200 * Math.sin(((hour % 24) - 6) / 3.8));
  return { timestamp: hours.map(stamp), requests: hours.map(requests) };
}

export const timeSeriesTemplates: TemplateDraft[] = [
  {
    title: 'Label Activity in Sensor Data',
    details: 'Select spans of a multi-channel sensor recording and label the activity in each (activity recognition).',
    config: xml`
      <View>
        <TimeSeriesLabels name="activity" toName="sensors">
          <Label value="Resting" background="#95a5a6"/>
          <Label value="Walking" background="#27ae60"/>
          <Label value="Running" background="#e67e22"/>
        </TimeSeriesLabels>
        <TimeSeries name="sensors" value="$sensors" valueType="json" timeColumn="seconds">
          <Channel column="accel_x" legend="Acceleration X" units="m/s2" strokeColor="#2980b9"/>
          <Channel column="accel_y" legend="Acceleration Y" units="m/s2" strokeColor="#c0392b"/>
        </TimeSeries>
      </View>`,
    sample_data: { sensors: accelerometerSample() },
  },
  {
    title: 'Flag Anomalies in Metrics',
    details: 'Mark spikes, dropouts and drifts in a monitoring metric, then judge the series as a whole.',
    config: xml`
      <View>
        <TimeSeriesLabels name="anomaly" toName="metrics">
          <Label value="Spike" background="#c0392b"/>
          <Label value="Dropout" background="#2c3e50"/>
          <Label value="Drift" background="#f39c12"/>
        </TimeSeriesLabels>
        <TimeSeries name="metrics" value="$metrics" valueType="json" timeColumn="timestamp"
                    timeFormat="%Y-%m-%d %H:%M" timeDisplayFormat="%d %b %H:%M">
          <Channel column="requests" legend="Requests per hour" strokeColor="#16a085"/>
        </TimeSeries>
        <Choices name="overall" toName="metrics" choice="single" showInline="true">
          <Choice value="Healthy"/>
          <Choice value="Needs a look"/>
          <Choice value="Incident"/>
        </Choices>
      </View>`,
    sample_data: { metrics: metricsSample() },
  },
];
