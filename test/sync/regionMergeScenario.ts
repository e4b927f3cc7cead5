/*
 * The two-edit scenario the region-merge sync tests share, against a second Outpost and against
 * the real Label Studio: one annotation per task with two spans (s1, s2) and s1's per-region note.
 * In "merge", this side moves s1 while the other side edits s1's note and relabels s2: different
 * units, so they merge into MERGED. In "clash", both sides change s1 differently (and this side
 * also moves s2): s1 clashes, and the mirror is THEIRS_MERGED (their s1, our s2).
 */

export type Item = Record<string, unknown>;

export const REGION_MERGE_CONFIG = `<View><Text name="text" value="$text"/>
<Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels>
<TextArea name="note" toName="text" perRegion="true"/></View>`;

export const span = (id: string, start: number, label: string): Item => ({
  id,
  from_name: 'ner',
  to_name: 'text',
  type: 'labels',
  value: { start, end: start + 3, labels: [label] },
});

export const note = (id: string, start: number, text: string): Item => ({
  id,
  from_name: 'note',
  to_name: 'text',
  type: 'textarea',
  value: { start, end: start + 3, text: [text] },
});

export const BASE = [span('s1', 0, 'Person'), note('s1', 0, 'first'), span('s2', 8, 'Place')];
export const HERE = {
  merge: [span('s1', 1, 'Person'), BASE[1]!, BASE[2]!],
  clash: [span('s1', 0, 'Place'), BASE[1]!, span('s2', 9, 'Place')],
};
export const THERE = {
  merge: [BASE[0]!, note('s1', 0, 'second'), span('s2', 8, 'Person')],
  clash: [{ ...span('s1', 0, 'Person'), value: { start: 0, end: 5, labels: ['Person'] } }, BASE[1]!, BASE[2]!],
};
export const MERGED = [span('s1', 1, 'Person'), note('s1', 0, 'second'), span('s2', 8, 'Person')];
export const THEIRS_MERGED = [THERE.clash[0]!, BASE[1]!, span('s2', 9, 'Place')];
