import type { ControlRow, RegionItem, ValueItem } from './compareModel';
import { annotationColour } from './compareText';
import { TextWithSpans } from './TextWithSpans';

const DIFFERS = 'not in every annotation';

function Mark({ isShared }: { isShared: boolean }) {
  if (isShared) return null;
  return (
    <span className="compare-mark" title={DIFFERS}>
      ≠<span className="visually-hidden"> ({DIFFERS})</span>
    </span>
  );
}

function Values({ items }: { items: ValueItem[] }) {
  if (items.length === 0) return <p className="muted">No answer</p>;
  return (
    <ul className="compare-values">
      {items.map((item, index) => (
        <li
          key={index}
          className={item.isShared ? 'compare-item' : 'compare-item compare-item--differs'}
          data-differs={!item.isShared}
        >
          <span className="compare-item__text">{item.text}</span>
          <Mark isShared={item.isShared} />
        </li>
      ))}
    </ul>
  );
}

function Regions({ items, isCompared }: { items: RegionItem[]; isCompared: boolean }) {
  if (items.length === 0) return <p className="muted">No regions</p>;
  return (
    <ul className="compare-values">
      {items.map((item, index) => {
        const differs = isCompared && !item.isShared;
        return (
          <li
            key={index}
            className={differs ? 'compare-item compare-item--differs' : 'compare-item'}
            data-differs={differs}
          >
            <span className="compare-item__text">
              #{item.group} {item.title} {item.place && <span className="muted">{item.place}</span>}
            </span>
            {isCompared && <Mark isShared={item.isShared} />}
          </li>
        );
      })}
    </ul>
  );
}

function Verdict({ row }: { row: ControlRow }) {
  if (row.kind === 'listed') return <span className="compare-verdict">not compared</span>;
  return (
    <span className={`compare-verdict compare-verdict--${row.isAgreed ? 'agree' : 'differ'}`}>
      {row.isAgreed ? 'agree' : 'differ'}
    </span>
  );
}

/**
 * One control: its name and verdict, then each annotation's answer in its column. Spans on a text
 * show the text with that annotation's spans highlighted above the list.
 */
export function ControlRowView({ row, textOf }: { row: ControlRow; textOf: (result: RegionItem) => string | null }) {
  return (
    <tr data-control={row.fromName}>
      <th scope="row">
        <span className="compare-control">{row.fromName}</span> <Verdict row={row} />
      </th>
      {row.cells.map((cell, column) => {
        if (row.kind === 'values') {
          return (
            <td key={column}>
              <Values items={cell as ValueItem[]} />
            </td>
          );
        }
        const items = cell as RegionItem[];
        const text = row.kind === 'regions' && row.regionKind === 'spans' && items[0] ? textOf(items[0]) : null;
        return (
          <td key={column}>
            {text !== null && <TextWithSpans text={text} items={items} colour={annotationColour(column)} />}
            <Regions items={items} isCompared={row.kind === 'regions'} />
          </td>
        );
      })}
    </tr>
  );
}
