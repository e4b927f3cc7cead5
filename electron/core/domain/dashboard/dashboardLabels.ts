import type { DashboardControl as ControlLabelCounts } from '../../../../shared/api/dashboard.js';
import type { LabelCountRow } from '../../db/repos/dashboardRepo.js';

interface ConfigControl {
  type: string;
  labels: string[];
}

/** The controls of `parsed_label_config` in document order; anything malformed is left out. */
function readControls(parsedLabelConfig: string): Map<string, ConfigControl> {
  const controls = new Map<string, ConfigControl>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(parsedLabelConfig);
  } catch {
    return controls;
  }
  if (typeof parsed !== 'object' || parsed === null) return controls;
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    const control = value as { type?: unknown; labels?: unknown };
    if (typeof control?.type !== 'string') continue;
    const labels = Array.isArray(control.labels)
      ? control.labels.filter((label): label is string => typeof label === 'string')
      : [];
    controls.set(name, { type: control.type, labels });
  }
  return controls;
}

/**
 * Label counts grouped by control: the config's controls that have labels (or counts) first in
 * config order, then names found only in results, by name. A taxonomy counts whole paths, so its
 * configured leaves are not listed with 0.
 */
export function groupLabelCounts(rows: readonly LabelCountRow[], parsedLabelConfig: string): ControlLabelCounts[] {
  const controls = readControls(parsedLabelConfig);
  const counted = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const labels = counted.get(row.from_name) ?? new Map<string, number>();
    labels.set(row.label, row.count);
    counted.set(row.from_name, labels);
  }
  const names = [
    ...[...controls.keys()].filter((name) => counted.has(name) || (controls.get(name)?.labels.length ?? 0) > 0),
    ...[...counted.keys()].filter((name) => !controls.has(name)).sort(),
  ];
  return names.map((name) => {
    const control = controls.get(name);
    const used = counted.get(name) ?? new Map<string, number>();
    const counts = [...used]
      .map(([label, count]) => ({ label, count }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    if (control && control.type !== 'Taxonomy') {
      for (const label of control.labels) if (!used.has(label)) counts.push({ label, count: 0 });
    }
    return { from_name: name, type: control?.type ?? null, counts };
  });
}
