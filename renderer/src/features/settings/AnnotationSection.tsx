import { useId } from 'react';
import { SAMPLING_OPTIONS, SKIP_QUEUE_OPTIONS, type SkipQueue } from '../../api/projectSettings';
import { FieldMessage } from './FieldMessage';
import type { SectionProps } from './sectionProps';

const SKIP_QUEUE_LABELS: Record<SkipQueue, string> = {
  REQUEUE_FOR_OTHERS: 'Requeue skipped tasks for others',
  REQUEUE_FOR_ME: 'Requeue skipped tasks back to me',
  IGNORE_SKIPPED: 'Count skipped tasks as done',
};

export function AnnotationSection({ settings, errors, onChange }: SectionProps) {
  const headingId = useId();
  const overlapId = useId();
  const overlapMessageId = useId();
  const samplingId = useId();
  const samplingMessageId = useId();
  const skipQueueId = useId();
  const skipQueueMessageId = useId();
  // A value set elsewhere (e.g. "Uncertainty sampling") stays selectable rather than silently changing.
  const samplings = SAMPLING_OPTIONS.includes(settings.sampling as (typeof SAMPLING_OPTIONS)[number])
    ? SAMPLING_OPTIONS
    : [...SAMPLING_OPTIONS, settings.sampling];
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        Annotation
      </h2>
      <div className="settings-grid">
        <div className="field">
          <label className="field__label" htmlFor={overlapId}>
            Annotations per task (overlap)
          </label>
          <input
            id={overlapId}
            className="input"
            type="number"
            min={1}
            step={1}
            value={settings.maximum_annotations}
            aria-invalid={errors.maximum_annotations !== undefined}
            aria-describedby={overlapMessageId}
            onChange={(event) => onChange({ maximum_annotations: event.target.valueAsNumber })}
          />
          <FieldMessage
            id={overlapMessageId}
            error={errors.maximum_annotations}
            hint="How many people label each task."
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={samplingId}>
            Task order
          </label>
          <select
            id={samplingId}
            className="input"
            value={settings.sampling}
            aria-describedby={samplingMessageId}
            onChange={(event) => onChange({ sampling: event.target.value })}
          >
            {samplings.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldMessage id={samplingMessageId} error={errors.sampling} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={skipQueueId}>
            Skipped tasks
          </label>
          <select
            id={skipQueueId}
            className="input"
            value={settings.skip_queue}
            aria-describedby={skipQueueMessageId}
            onChange={(event) => onChange({ skip_queue: event.target.value as SkipQueue })}
          >
            {SKIP_QUEUE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SKIP_QUEUE_LABELS[option]}
              </option>
            ))}
          </select>
          <FieldMessage id={skipQueueMessageId} error={errors.skip_queue} />
        </div>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.show_skip_button}
          onChange={(event) => onChange({ show_skip_button: event.target.checked })}
        />
        Show the Skip button to annotators
      </label>
    </section>
  );
}
