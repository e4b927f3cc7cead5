import type { ConflictRegions, RegionClash } from '../../api/conflicts';
import { summarizeResult } from './resultSummary';

/*
 * A conflict between two edits merged region by region: only the regions changed differently on
 * both sides are in question. Each is shown as what it is (its kind, control and region) with
 * its value here beside its value there; the regions that merged are only counted.
 */

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "labels · ner · region s1": what the clashing unit is, from whichever side still has it. */
function describeUnit(clash: RegionClash): string {
  if (clash.kind === 'skip') return 'Skip';
  const item = [clash.here, clash.there].find(isItem);
  if (!item) return 'Region';
  if (item.type === 'relation') return `relation · ${String(item.from_id)} → ${String(item.to_id)}`;
  const parts = [item.type, item.from_name].filter((part) => typeof part === 'string' && part !== '');
  if (typeof item.id === 'string' || typeof item.id === 'number') parts.push(`region ${item.id}`);
  return parts.join(' · ');
}

function describeValue(clash: RegionClash, side: 'here' | 'there'): string {
  const value = clash[side];
  if (clash.kind === 'skip') return value === true ? 'Skipped' : 'Not skipped';
  if (!isItem(value)) return side === 'here' ? 'Removed here' : 'Removed there';
  const line = summarizeResult([value])?.[0];
  return line ? line.value : JSON.stringify(value.value ?? value);
}

function mergedText(merged: number): string {
  if (merged === 0) return 'No other change was merged.';
  return merged === 1
    ? 'One other change (on one side only) was merged into both versions.'
    : `${merged} other changes (each on one side only) were merged into both versions.`;
}

export function RegionClashes({ regions, headingId }: { regions: ConflictRegions; headingId: string }) {
  return (
    <section className="conflict-clashes" aria-labelledby={headingId}>
      <h4 id={headingId} className="conflict-version__title">
        {regions.clashes.length === 1 ? 'The region changed on both sides' : 'Regions changed on both sides'}
      </h4>
      <table className="conflict-clashes__table">
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">Here</th>
            <th scope="col">There</th>
          </tr>
        </thead>
        <tbody>
          {regions.clashes.map((clash) => (
            <tr key={clash.unit} className="conflict-clash">
              <th scope="row">{describeUnit(clash)}</th>
              <td>{describeValue(clash, 'here')}</td>
              <td>{describeValue(clash, 'there')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="conflict-clashes__merged">{mergedText(regions.merged)}</p>
    </section>
  );
}
