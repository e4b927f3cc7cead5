import type { Bench, BenchRegistration, BenchResult, BenchRunOptions, BenchStorage } from 'vitest';

/*
 * What the benches share on vitest 5, where `bench` is a fixture of the test context. A group is one
 * test; its entries are registered with `bench(name, fn)` and run together by `bench.compare(...)`,
 * whose table (hz, times, rme, samples: one row per entry, fastest and slowest marked) vitest prints
 * under the test. `printRatios` adds the ratios to the baseline, and `compareMixed` runs a group whose
 * entries need different run options:
 *
 *   test('GET /api/projects/', GROUP, async ({ bench }) => {
 *     const baseline = bench('baseline: one hand-written query', () => void query.all());
 *     const app = bench('app.request GET /api/projects/', async () => void (await t.withToken('/api/projects/')));
 *     printRatios(await bench.compare(baseline, app, { iterations: 10 }), baseline, [app]);
 *   });
 */

type Registration = BenchRegistration<string>;
type Results = BenchStorage<string>;

/**
 * A group's test options. Vitest 5 gives a test of the bench project 60 s at least; a group's entries
 * run one after another for as long as their options ask (vitest 4 set its benches no limit), and on a
 * loaded machine the heavy groups take minutes. Half an hour only catches a bench that hangs.
 */
export const GROUP = { timeout: 30 * 60_000 };

/**
 * Runs a group whose entries need different run options (iteration counts, warm-up), which one
 * `bench.compare` cannot do: it runs all its entries with one options object. An entry given as
 * `[registration, options]` runs first, alone, with its own options (`registration.run(options)`,
 * which prints a one-row table of its own) and joins the comparison through its result
 * (`bench.from`); the other entries run in the comparison itself, with `options`, after those. The
 * comparison table holds them all.
 */
export async function compareMixed(
  bench: Bench,
  entries: readonly (Registration | readonly [Registration, BenchRunOptions])[],
  options?: BenchRunOptions,
): Promise<Results> {
  const registrations: Registration[] = [];
  for (const entry of entries) {
    if (!Array.isArray(entry)) {
      registrations.push(entry as Registration);
      continue;
    }
    const [registration, own] = entry as readonly [Registration, BenchRunOptions];
    const result: BenchResult = await registration.run(own);
    registrations.push(bench.from(registration.name, () => result));
  }
  const [first, second, ...rest] = registrations;
  if (!first || !second) throw new Error('compareMixed: a comparison needs two entries at least');
  return options ? bench.compare(first, second, ...rest, options) : bench.compare(first, second, ...rest);
}

const ratio = (value: number) => (value < 10 ? value.toPrecision(3) : value.toFixed(value < 100 ? 1 : 0));

/**
 * Prints each entry's mean time as a multiple of the baseline's, under the test's name. Vitest 5's
 * table has no ratios (vitest 4's summary printed "2.41x faster than"), and the ratio is the figure
 * these benches are read for.
 */
export function printRatios<Name extends string>(
  results: BenchStorage<Name>,
  baseline: BenchRegistration<Name>,
  entries: readonly BenchRegistration<Name>[],
): void {
  const base = results.get(baseline.name).latency.mean;
  const width = Math.max(...entries.map((entry) => entry.name.length));
  console.log(
    [
      `mean time as a multiple of "${baseline.name}":`,
      ...entries.map(
        (entry) => `  ${entry.name.padEnd(width)}  ${ratio(results.get(entry.name).latency.mean / base)}x`,
      ),
    ].join('\n'),
  );
}
