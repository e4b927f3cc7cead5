/**
 * Sample time series for <TimeSeries> (Label Studio's `generate_time_series_json`): 100 rows, a
 * time column and one column per <Channel>. Values are smooth waves rather than random noise, so
 * the same config always gives the same sample.
 */

const ROW_COUNT = 100;
const START = Date.UTC(2020, 0, 1);

type Step = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** The smallest unit a strftime format shows, in Label Studio's order of precedence. */
function smallestStep(format: string): Step {
  const steps: [string, Step][] = [
    ['%S', 'second'],
    ['%M', 'minute'],
    ['%H', 'hour'],
    ['%d', 'day'],
    ['%m', 'month'],
    ['%Y', 'year'],
  ];
  return steps.find(([code]) => format.includes(code))?.[1] ?? 'day';
}

function addSteps(start: number, step: Step, count: number): Date {
  const date = new Date(start);
  if (step === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (step === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else {
    const unit = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 }[step];
    date.setTime(start + unit * count);
  }
  return date;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The strftime codes sample series need, in UTC; unknown codes are kept as written. */
export function formatStrftime(date: Date, format: string): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = date.getUTCHours();
  const codes: Record<string, () => string> = {
    Y: () => String(date.getUTCFullYear()),
    y: () => pad(date.getUTCFullYear() % 100),
    m: () => pad(date.getUTCMonth() + 1),
    d: () => pad(date.getUTCDate()),
    H: () => pad(hours),
    I: () => pad(hours % 12 === 0 ? 12 : hours % 12),
    p: () => (hours < 12 ? 'AM' : 'PM'),
    M: () => pad(date.getUTCMinutes()),
    S: () => pad(date.getUTCSeconds()),
    f: () => pad(date.getUTCMilliseconds() * 1000, 6),
    j: () => pad(Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1, 3),
    b: () => (MONTHS[date.getUTCMonth()] ?? '').slice(0, 3),
    B: () => MONTHS[date.getUTCMonth()] ?? '',
    a: () => (DAYS[date.getUTCDay()] ?? '').slice(0, 3),
    A: () => DAYS[date.getUTCDay()] ?? '',
    '%': () => '%',
  };
  return format.replace(/%(.)/g, (match, code: string) => codes[code]?.() ?? match);
}

/**
 * The time column: row numbers without a format, otherwise dates from 2020-01-01 one unit apart.
 * Like Label Studio, it stops early when the format cycles (e.g. `%m` alone after 12 months).
 */
function timeValues(timeFormat: string | null): (number | string)[] {
  let format = timeFormat;
  if (format !== null && !format.includes('%')) format = format === 'yyyy-MM-dd' ? '%Y-%m-%d' : null;
  if (format === null) return Array.from({ length: ROW_COUNT }, (_, index) => index);
  const step = smallestStep(format);
  const times: string[] = [];
  for (let index = 0; index < ROW_COUNT; index++) {
    const text = formatStrftime(addSteps(START, step, index), format);
    const previous = times.at(-1);
    if (previous !== undefined && text <= previous) break;
    times.push(text);
  }
  return times;
}

function channelValue(channelIndex: number, row: number): number {
  const wave = Math.sin(row / 8 + channelIndex * 1.3) * 10 + Math.sin(row / 3) * 2;
  return Math.round(wave * 1000) / 1000;
}

/** `{time: [...], <column>: [...], ...}`; without a time column the rows are only implied. */
export function generateTimeSeriesJson(
  timeColumn: string | null,
  valueColumns: string[],
  timeFormat: string | null,
): Record<string, (number | string)[]> {
  const times = timeValues(timeFormat);
  const series: Record<string, (number | string)[]> = {};
  if (timeColumn !== null) series[timeColumn] = times;
  valueColumns.forEach((column, channelIndex) => {
    series[column] = times.map((_, row) => channelValue(channelIndex, row));
  });
  return series;
}

/** The same series as CSV text with a header row, for `valueType="url"` configs. */
export function generateTimeSeriesCsv(
  timeColumn: string | null,
  valueColumns: string[],
  timeFormat: string | null,
  separator: string,
): string {
  const series = generateTimeSeriesJson(timeColumn, valueColumns, timeFormat);
  const columns = Object.keys(series);
  const rowCount = timeValues(timeFormat).length;
  const lines = [columns.join(separator)];
  for (let row = 0; row < rowCount; row++)
    lines.push(columns.map((column) => String(series[column]?.[row])).join(separator));
  return `${lines.join('\n')}\n`;
}
