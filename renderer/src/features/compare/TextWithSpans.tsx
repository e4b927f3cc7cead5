import { spanOffsets } from '../../../../shared/quality';
import type { RegionItem } from './compareModel';

interface Segment {
  start: number;
  end: number;
  covering: RegionItem[];
}

/** The text cut at every span's start and end, each piece with the spans that cover it. */
function segments(text: string, items: ReadonlyArray<RegionItem>): Segment[] {
  const spans = items.flatMap((item) => {
    const offsets = spanOffsets(item.result);
    return offsets ? [{ item, start: Math.max(0, offsets[0]), end: Math.min(text.length, offsets[1]) }] : [];
  });
  const cuts = new Set([0, text.length]);
  for (const span of spans) {
    cuts.add(span.start);
    cuts.add(span.end);
  }
  const sorted = [...cuts].filter((cut) => cut >= 0 && cut <= text.length).sort((a, b) => a - b);
  const pieces: Segment[] = [];
  for (let index = 0; index + 1 < sorted.length; index++) {
    const [start, end] = [sorted[index]!, sorted[index + 1]!];
    if (end <= start) continue;
    const covering = spans.filter((span) => span.start < end && span.end > start).map((span) => span.item);
    pieces.push({ start, end, covering });
  }
  return pieces;
}

/**
 * One annotation's spans highlighted in the text, as React text nodes (the text is task data and
 * never parsed as markup). A span not every annotation has is marked as differing.
 */
export function TextWithSpans({
  text,
  items,
  colour,
}: {
  text: string;
  items: ReadonlyArray<RegionItem>;
  colour: string;
}) {
  return (
    <p className="compare-text compare-text--spans">
      {segments(text, items).map((segment) => {
        const piece = text.slice(segment.start, segment.end);
        if (segment.covering.length === 0) return <span key={segment.start}>{piece}</span>;
        const differs = segment.covering.some((item) => !item.isShared);
        const labels = segment.covering.map((item) => `#${item.group} ${item.title}`).join('; ');
        return (
          <mark
            key={segment.start}
            className={`compare-span${differs ? ' compare-span--differs' : ''}`}
            style={{ borderColor: colour }}
            title={labels}
            data-differs={differs}
          >
            {piece}
          </mark>
        );
      })}
    </p>
  );
}
