import { ImageOverlay, type OverlayLayer } from './ImageOverlay';
import type { TaskObject } from './taskObjects';

const MAX_SHOWN = 20_000;

function asText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/**
 * The task's data, once: each object of the config under its name. Text (HyperText too) is shown
 * as plain text, never as markup; an image carries every annotation's regions; other data is
 * shown as JSON.
 */
export function TaskDataView({ objects, layers }: { objects: TaskObject[]; layers: Map<string, OverlayLayer[]> }) {
  return (
    <section className="compare-task" aria-label="Task data">
      {objects.map((object) => (
        <div key={object.name} className="compare-task__object">
          <h2 className="compare-task__name">
            {object.name} <span className="muted">({object.tag})</span>
          </h2>
          {object.tag === 'Image' && typeof object.data === 'string' ? (
            <ImageOverlay name={object.name} src={object.data} layers={layers.get(object.name) ?? []} />
          ) : object.tag === 'Text' || object.tag === 'HyperText' ? (
            <p className="compare-text">{asText(object.data)}</p>
          ) : (
            <pre className="compare-json">{asText(object.data)}</pre>
          )}
        </div>
      ))}
    </section>
  );
}
