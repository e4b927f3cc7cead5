import { useId, useState } from 'react';
import type { LabelTemplate } from '../../api/templates';
import { useConfigValidation } from './useConfigValidation';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ConfigEditor } from './ConfigEditor';
import { ConfigPreview } from './ConfigPreview';
import { EditorChoice } from './EditorChoice';
import { TemplateGallery } from './TemplateGallery';
import { ValidationMessage } from './ValidationMessage';

interface LabelingSectionProps {
  projectId: number;
  value: string;
  /** The config as last saved, to tell the user what a template would replace. */
  savedValue: string;
  /** The server's message from the last save, if it refused the config. */
  saveError: string | undefined;
  onChange: (value: string) => void;
}

const EMPTY_CONFIG = /^\s*(<View>\s*<\/View>|<View\s*\/>)?\s*$/;

export function LabelingSection({ projectId, value, savedValue, saveError, onChange }: LabelingSectionProps) {
  const headingId = useId();
  const labelId = useId();
  const messageId = useId();
  const validation = useConfigValidation(value, projectId);
  const [pending, setPending] = useState<LabelTemplate | null>(null);

  // A template replaces the whole config: that is asked first unless there is nothing to lose.
  const choose = (template: LabelTemplate) => {
    if (value === template.config || EMPTY_CONFIG.test(value)) onChange(template.config);
    else setPending(template);
  };

  const errorLine = validation.status === 'invalid' ? (validation.problems.find((p) => p.line)?.line ?? null) : null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-section__title">
        Labeling interface
      </h2>
      <div className="labeling-layout">
        <div className="labeling-layout__editor">
          <span id={labelId} className="field__label">
            Labeling config (XML)
          </span>
          <ConfigEditor
            value={value}
            onChange={onChange}
            errorLine={errorLine}
            labelledBy={labelId}
            describedBy={messageId}
          />
          <ValidationMessage id={messageId} validation={validation} saveError={saveError} />
        </div>
        <TemplateGallery onChoose={choose} />
      </div>
      <EditorChoice projectId={projectId} />
      <ConfigPreview projectId={projectId} config={value} validation={validation} />
      <ConfirmDialog
        title="Replace the labeling config?"
        open={pending !== null}
        confirmLabel="Replace config"
        onConfirm={() => {
          if (pending) onChange(pending.config);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      >
        <p>
          {value === savedValue
            ? `The current labeling config will be replaced by the “${pending?.title ?? ''}” template.`
            : `The current labeling config, with your unsaved edits, will be replaced by the “${pending?.title ?? ''}” template.`}
        </p>
        <p className="muted">Nothing is saved until you click Save settings.</p>
      </ConfirmDialog>
    </section>
  );
}
