import { useId, useState } from 'react';
import { suggestedTemplates } from '../storages/folderContents';
import { plural } from '../storages/storageText';
import type { TemplateChoice } from '../createProject/TemplatePicker';
import { useTemplateCatalog } from '../createProject/useTemplateCatalog';
import { Dialog } from '../../components/Dialog';
import { FieldMessage } from '../settings/FieldMessage';
import { HEADLESS_FOLDER_HINT, useFolderAccess } from '../storages/useFolderAccess';
import { FolderTemplateStep } from './FolderTemplateStep';
import { useLabelFolder } from './useLabelFolder';
import '../../styles/settingsCards.css';
import '../../styles/storages.css';
import { FormError } from '../../components/FormError';

interface LabelFolderDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Label a folder": choose a folder (typed in a browser), confirm a template suggested from
 * what it holds, and Outpost makes the project, imports the folder and opens it. New files come
 * in on the next sync.
 */
export function LabelFolderDialog({ open, onClose }: LabelFolderDialogProps) {
  const flow = useLabelFolder(onClose);
  const folders = useFolderAccess(open);
  const catalog = useTemplateCatalog(open);
  const [path, setPath] = useState('');
  const [template, setTemplate] = useState<TemplateChoice>(null);
  const pathId = useId();
  const { step } = flow;

  // Each opening starts without a path.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setPath('');
  }

  // Each look at a folder suggests afresh; the user's own choice then stands.
  const summary = step.step === 'template' ? step.summary : null;
  const [suggestedFor, setSuggestedFor] = useState({ summary, catalog });
  if (suggestedFor.summary !== summary || suggestedFor.catalog !== catalog) {
    setSuggestedFor({ summary, catalog });
    if (summary && catalog.status === 'ready') {
      setTemplate(suggestedTemplates(catalog.catalog, summary.kind)[0] ?? null);
    }
  }

  const choose = async () => {
    const picked = await folders.pick('Choose a folder to label', 'Label this folder');
    if (picked) {
      setPath(picked);
      flow.look(picked);
    }
  };
  const submit = () => {
    if (step.step === 'folder') flow.look(path);
    else if (step.step === 'template') flow.finish(template, step.summary);
  };
  const busy = step.step === 'looking' || step.step === 'importing';

  return (
    <Dialog
      title="Label a folder"
      open={open}
      onClose={busy ? () => undefined : flow.cancel}
      onSubmit={submit}
      className="dialog--wide"
      actions={
        <>
          {step.step === 'template' && (
            <button type="button" className="button" onClick={flow.back}>
              Back
            </button>
          )}
          <button type="button" className="button" disabled={busy} onClick={flow.cancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {step.step === 'folder'
              ? 'Look at the folder'
              : step.step === 'looking'
                ? 'Looking…'
                : step.step === 'template'
                  ? 'Make the project and import'
                  : 'Importing…'}
          </button>
        </>
      }
    >
      <div className="folder-flow">
        {(step.step === 'folder' || step.step === 'looking') && (
          <>
            <p className="muted">
              Outpost makes a project named after the folder, with a template that fits its files, imports each file as
              a task, and picks up new files each time the project’s storage syncs.
            </p>
            <div className="field">
              <label className="field__label" htmlFor={pathId}>
                Folder (absolute path)
              </label>
              <div className="storage-form__with-button">
                <input
                  id={pathId}
                  className="input input--mono"
                  value={path}
                  autoFocus={!folders.canPick}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={folders.canPick ? 'Choose a folder, or type its path' : '/data/photos'}
                  disabled={busy}
                  aria-invalid={flow.error !== null}
                  aria-describedby={`${pathId}-message`}
                  onChange={(event) => setPath(event.target.value)}
                />
                {folders.canPick && (
                  <button type="button" className="button" disabled={busy} onClick={() => void choose()}>
                    Choose folder…
                  </button>
                )}
              </div>
              <FieldMessage
                id={`${pathId}-message`}
                error={flow.error ?? undefined}
                hint={folders.isHeadless ? HEADLESS_FOLDER_HINT : 'A folder of images, text files, audio or video.'}
              />
            </div>
            {step.step === 'looking' && <p role="status">Looking at the folder…</p>}
          </>
        )}
        {step.step === 'template' && (
          <>
            <FolderTemplateStep
              path={path.trim()}
              summary={step.summary}
              catalog={catalog}
              template={template}
              onTemplate={setTemplate}
            />
            {flow.error && <FormError testId="folder-error">{flow.error}</FormError>}
          </>
        )}
        {step.step === 'importing' && (
          <div className="storage-card__progress">
            <progress aria-label="Import progress" />
            <p role="status" data-testid="folder-progress">
              Importing the folder{step.found > 0 ? `: ${plural(step.found, 'new task')} so far…` : '…'}
            </p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
