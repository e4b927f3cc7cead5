/** What one kind of request did during a load run. */
export interface KindFigures {
  /** Milliseconds of each answered request, in any order. */
  latencies: number[];
  /** 2xx answers. */
  ok: number;
  /** One line per failure: a non-2xx status with its answer, or a network error. */
  errors: string[];
}

export function newFigures(): KindFigures {
  return { latencies: [], ok: 0, errors: [] };
}

/** Nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A plain text table: per kind, requests, throughput, p50 and p99 latency, errors. */
export function formatLoadTable(figures: ReadonlyMap<string, KindFigures>, seconds: number): string {
  const rows = [['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors']];
  const all = newFigures();
  const addRow = (kind: string, entry: KindFigures) => {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    rows.push([
      kind,
      String(entry.latencies.length),
      (entry.latencies.length / seconds).toFixed(1),
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.99).toFixed(1),
      (sorted.at(-1) ?? 0).toFixed(1),
      String(entry.errors.length),
    ]);
  };
  for (const [kind, entry] of figures) {
    addRow(kind, entry);
    all.latencies.push(...entry.latencies);
    all.errors.push(...entry.errors);
  }
  addRow('all', all);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  '),
    )
    .join('\n');
}
