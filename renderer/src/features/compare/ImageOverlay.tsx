import { useState } from 'react';
import type { ResultItem } from '../../../../shared/quality';
import { annotationColour } from './compareText';
import { regionDrawing } from './regionDrawing';

export interface OverlayLayer {
  annotationId: number;
  column: number;
  name: string;
  regions: ResultItem[];
}

function Regions({ layer, thin }: { layer: OverlayLayer; thin?: boolean }) {
  const colour = annotationColour(layer.column);
  const common = {
    stroke: colour,
    strokeWidth: thin ? 1 : 2,
    vectorEffect: 'non-scaling-stroke' as const,
    'data-annotation': layer.annotationId,
  };
  return (
    <g className="compare-overlay__layer" data-annotation={layer.annotationId}>
      {layer.regions.map((result, index) => {
        const drawing = regionDrawing(result);
        const key = `${result.id ?? ''}-${index}`;
        const region = typeof result.id === 'string' ? result.id : undefined;
        if (drawing?.kind === 'rect') {
          const { x, y, width, height } = drawing;
          return (
            <rect key={key} {...common} data-region={region} x={x} y={y} width={width} height={height} fill="none" />
          );
        }
        if (drawing?.kind === 'polygon') {
          const points = drawing.points.map(([px, py]) => `${px},${py}`).join(' ');
          return <polygon key={key} {...common} data-region={region} points={points} fill="none" />;
        }
        if (drawing?.kind === 'point') {
          return (
            <circle key={key} {...common} data-region={region} cx={drawing.x} cy={drawing.y} r={1.2} fill={colour} />
          );
        }
        return null;
      })}
    </g>
  );
}

/** The image with regions drawn over it in percent coordinates, whatever size the image is shown at. */
function ImageWithRegions(props: {
  src: string;
  alt: string;
  layers: OverlayLayer[];
  className: string;
  thin?: boolean;
}) {
  return (
    <div className={props.className}>
      <img src={props.src} alt={props.alt} />
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        {props.layers.map((layer) => (
          <Regions key={layer.annotationId} layer={layer} thin={props.thin} />
        ))}
      </svg>
    </div>
  );
}

/**
 * One image with every annotation's regions in its column's colour, a switch per annotation to
 * hide its regions, and below it one thumbnail per annotation with only that annotation's regions.
 * Brush masks are not drawn: the table lists and compares them.
 */
export function ImageOverlay({ name, src, layers }: { name: string; src: string; layers: OverlayLayer[] }) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const shown = layers.filter((layer) => !hidden.has(layer.annotationId));
  const toggle = (id: number, visible: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (visible) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <figure className="compare-overlay" aria-label={`Regions on ${name}`}>
      <fieldset className="compare-overlay__toggles">
        <legend>Show regions of</legend>
        {layers.map((layer) => (
          <label key={layer.annotationId} className="compare-overlay__toggle">
            <input
              type="checkbox"
              checked={!hidden.has(layer.annotationId)}
              onChange={(event) => toggle(layer.annotationId, event.target.checked)}
            />
            <span className="compare-swatch" style={{ backgroundColor: annotationColour(layer.column) }} />
            {layer.name} ({layer.regions.length})
          </label>
        ))}
      </fieldset>
      <ImageWithRegions className="compare-overlay__stage" src={src} alt={`${name} with all regions`} layers={shown} />
      <ul className="compare-overlay__thumbs" aria-label={`Regions on ${name}, one annotation each`}>
        {layers.map((layer) => (
          <li key={layer.annotationId}>
            <ImageWithRegions
              className="compare-overlay__thumb"
              src={src}
              alt={`${name} with the regions of ${layer.name}`}
              layers={[layer]}
              thin
            />
            <span>{layer.name}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
