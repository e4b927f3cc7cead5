/*
 * A seeded generator of concurrent edits of one Label Studio annotation, for the region merge's
 * property tests: a base result mixing control types (boxes with labels and their per-region
 * TextAreas, a choice, text spans, an item from an older import without an id, relations), and
 * edits (move, relabel, retype, remove, add) applied to chosen units.
 */

export type Item = Record<string, unknown>;

/** mulberry32: small, fast and the same on every machine for one seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LABELS = ['Car', 'Person', 'Tree', 'Sign'];

export function unitOf(item: Item): string {
  if (item.type === 'relation') return `relation ${String(item.from_id)}>${String(item.to_id)}`;
  return `${String(item.id ?? '')}|${String(item.from_name)}|${String(item.type)}`;
}

function box(id: string, x: number, label: string): Item {
  return {
    id,
    from_name: 'label',
    to_name: 'image',
    type: 'rectanglelabels',
    value: { x, y: 10, width: 20, height: 20, rotation: 0, rectanglelabels: [label] },
  };
}

function note(id: string, x: number, text: string): Item {
  return {
    id,
    from_name: 'note',
    to_name: 'image',
    type: 'textarea',
    value: { x, y: 10, width: 20, height: 20, rotation: 0, text: [text] },
  };
}

function span(id: string, start: number, label: string): Item {
  return { id, from_name: 'ner', to_name: 'text', type: 'labels', value: { start, end: start + 4, labels: [label] } };
}

/** A base result: 2 to 4 boxes (some with a note), a choice, 1 to 3 spans, an id-less choice, relations. */
export function baseResult(random: () => number): Item[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const items: Item[] = [];
  const boxes = 2 + Math.floor(random() * 3);
  for (let index = 0; index < boxes; index += 1) {
    items.push(box(`b${index}`, index * 25, pick(LABELS)));
    if (random() < 0.6) items.push(note(`b${index}`, index * 25, `note ${index}`));
  }
  items.push({ id: 'c0', from_name: 'quality', to_name: 'image', type: 'choices', value: { choices: ['good'] } });
  const spans = 1 + Math.floor(random() * 3);
  for (let index = 0; index < spans; index += 1) items.push(span(`s${index}`, index * 10, pick(LABELS)));
  items.push({ from_name: 'legacy', to_name: 'image', type: 'choices', value: { choices: ['old'] } });
  items.push({ from_id: 'b0', to_id: 'b1', type: 'relation', direction: 'right', labels: [] });
  if (spans > 1) items.push({ from_id: 's0', to_id: 's1', type: 'relation', direction: 'right', labels: [] });
  return items;
}

/** The edit of one item on one side: a changed copy, or null to remove it. `tag` makes each side's edit its own. */
function editedItem(item: Item, random: () => number, tag: string): Item | null {
  if (random() < 0.2) return null;
  const value = { ...(item.value as Record<string, unknown> | undefined) };
  if (item.type === 'relation') return { ...item, labels: [tag] };
  if (item.type === 'textarea') value.text = [`${tag} text`];
  else if (item.type === 'choices') value.choices = [tag];
  else if (item.type === 'labels') value.labels = [tag];
  else value.x = Number(value.x) + 1 + Math.floor(random() * 5);
  if (item.type === 'rectanglelabels') value.rectanglelabels = [tag];
  return { ...item, value };
}

export interface SideEdit {
  result: Item[];
  /** Unit → the value this side gave it (null: removed). */
  changed: Map<string, Item | null>;
}

/**
 * One side's edit of `base`: the items at `units` changed (or removed), and `added` new regions
 * with this side's own ids.
 */
export function editSide(
  base: readonly Item[],
  units: ReadonlySet<string>,
  added: number,
  random: () => number,
  tag: string,
): SideEdit {
  const changed = new Map<string, Item | null>();
  const result: Item[] = [];
  for (const item of base) {
    const unit = unitOf(item);
    if (!units.has(unit)) {
      result.push(item);
      continue;
    }
    const edited = editedItem(item, random, tag);
    changed.set(unit, edited);
    if (edited) result.push(edited);
  }
  for (let index = 0; index < added; index += 1) {
    const item = box(`${tag}-new${index}`, 100 + index, LABELS[index % LABELS.length]!);
    changed.set(unitOf(item), item);
    result.push(item);
  }
  return { result, changed };
}
