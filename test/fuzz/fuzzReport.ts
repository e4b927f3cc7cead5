import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FuzzRequest } from './hostileRequest.js';

export interface FuzzFailure {
  index: number;
  reason: string;
  request: FuzzRequest;
}

/** Counts per status and per route, and the failures with what it takes to send them again. */
export class FuzzReport {
  readonly statuses = new Map<string, number>();
  readonly routes = new Map<string, Map<string, number>>();
  readonly bodyKinds = new Map<string, number>();
  readonly failures: FuzzFailure[] = [];
  readonly millis: number[] = [];
  sent = 0;

  record(route: string, status: string, bodyKind: string, millis: number): void {
    this.sent += 1;
    this.millis.push(millis);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.bodyKinds.set(bodyKind, (this.bodyKinds.get(bodyKind) ?? 0) + 1);
    const perRoute = this.routes.get(route) ?? new Map<string, number>();
    perRoute.set(status, (perRoute.get(status) ?? 0) + 1);
    this.routes.set(route, perRoute);
  }

  fail(failure: FuzzFailure): void {
    this.failures.push(failure);
  }

  summary(seed: number, seconds: number): string {
    const sorted = [...this.millis].sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    const histogram = [...this.statuses.entries()].sort(([a], [b]) => a.localeCompare(b));
    const lines = [
      `fuzz: seed ${seed}, ${this.sent} requests to ${this.routes.size} routes in ${seconds.toFixed(1)} s`,
      `fuzz: latency p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms, max ${sorted.at(-1) ?? 0} ms`,
      `fuzz: status histogram ${histogram.map(([status, count]) => `${status}: ${count}`).join(', ')}`,
      `fuzz: bodies ${[...this.bodyKinds.entries()].map(([kind, count]) => `${kind}: ${count}`).join(', ')}`,
      'fuzz: per route',
      ...[...this.routes.entries()].map(([route, statuses]) => {
        const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
        const detail = [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}×${n}`);
        return `  ${String(total).padStart(5)}  ${route}  ${detail.join(' ')}`;
      }),
      `fuzz: ${this.failures.length} failures`,
    ];
    for (const failure of this.failures.slice(0, 30)) lines.push(describeFailure(seed, failure));
    return lines.join('\n');
  }
}

/** The failing request in full: method, target, headers, and its body saved to a file. */
function describeFailure(seed: number, { index, reason, request }: FuzzFailure): string {
  const bodyFile = join(tmpdir(), `outpost-fuzz-${seed}-${index}.body`);
  if (request.body) writeFileSync(bodyFile, request.body);
  const preview = request.body ? request.body.subarray(0, 300).toString('utf8') : '';
  return [
    `--- request #${index}: ${reason}`,
    `    again: FUZZ_SEED=${seed} FUZZ_COUNT=${index + 1} npm run fuzz (the same ${index + 1} requests, in order)`,
    `    ${request.method} ${request.target.slice(0, 400)}`,
    `    headers ${JSON.stringify(request.headers)}`,
    request.body
      ? `    body (${request.bodyKind}, ${request.body.length} bytes, in ${bodyFile}): ${JSON.stringify(preview)}`
      : '    no body',
  ].join('\n');
}
