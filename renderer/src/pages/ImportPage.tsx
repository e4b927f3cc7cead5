import { useState } from 'react';
import { ExportDialog } from '../features/export/ExportDialog';
import { DropZone } from '../features/import/DropZone';
import { ExpectedData } from '../features/import/ExpectedData';
import { ImportErrors } from '../features/import/ImportErrors';
import { ImportSummary } from '../features/import/ImportSummary';
import { OtherSources } from '../features/import/OtherSources';
import { SendingProgress } from '../features/import/SendingProgress';
import { StagedFiles } from '../features/import/StagedFiles';
import { UploadReview } from '../features/import/UploadReview';
import { useImportFlow } from '../features/import/useImportFlow';
import { ProjectNav } from '../features/projects/ProjectNav';
import { useToasts } from '../components/toastContext';
import { useImportTarget } from '../features/import/useImportTarget';
import '../styles/import.css';
import '../styles/importResults.css';

/** Bring data into a project: files and folders, pasted JSON, a URL; CSV/TSV in two steps. */
export function ImportPage({ projectId }: { projectId: number }) {
  const toasts = useToasts();
  const flow = useImportFlow(projectId);
  const target = useImportTarget(projectId);
  const title = target?.title ?? '';
  // The data keys the labeling config reads; null until known (or when the config cannot be read).
  const expected = target?.expected ?? null;
  // One task in the shape the config reads, for the hints and the paste box's placeholder.
  const example = target?.example ?? null;
  const [exportOpen, setExportOpen] = useState(false);
  const { phase } = flow;

  const exampleJson = JSON.stringify([example && Object.keys(example).length > 0 ? example : { text: '…' }]);
  const busy = phase.kind === 'sending' || phase.kind === 'committing';
  const selecting = phase.kind === 'select' || phase.kind === 'sending';
  return (
    <section className="page import-page" aria-labelledby="import-heading">
      <ProjectNav projectId={projectId} title={title} current="projectImport" />
      <div className="page__header">
        <h1 id="import-heading" className="page__title">
          Import data
        </h1>
        <p className="page__subtitle">Tasks are added to {title ? `“${title}”` : 'this project'}.</p>
      </div>
      {flow.error && <ImportErrors report={flow.error} onDismiss={flow.startOver} />}
      {phase.kind === 'done' && (
        <ImportSummary
          projectId={projectId}
          result={phase.result}
          source={phase.source}
          onImportMore={flow.startOver}
          onExport={() => setExportOpen(true)}
        />
      )}
      {(phase.kind === 'review' || phase.kind === 'committing') && (
        <UploadReview
          uploads={phase.uploads}
          found={phase.found}
          expected={expected}
          asTasksList={flow.asTasksList}
          busy={phase.kind === 'committing'}
          onAsTasksListChange={flow.setAsTasksList}
          onRemove={(id) => void flow.removeUpload(id)}
          onDiscard={() => void flow.discardUploads()}
          onCommit={() => void flow.commit()}
        />
      )}
      {phase.kind === 'sending' && (
        <SendingProgress
          what={phase.what}
          progress={phase.progress}
          processing={phase.processing}
          onCancel={flow.cancel}
        />
      )}
      {selecting && expected && <ExpectedData projectId={projectId} keys={expected} example={exampleJson} />}
      {selecting && (
        <div className="import-layout">
          <div className="import-layout__main">
            <DropZone disabled={busy} onFiles={flow.addFiles} onError={toasts.error} />
            {flow.staged.length > 0 && phase.kind === 'select' && (
              <StagedFiles
                files={flow.staged}
                onRemove={flow.removeFile}
                onClear={flow.clearFiles}
                onImport={() => void flow.importFiles()}
              />
            )}
          </div>
          <OtherSources
            disabled={busy}
            onJson={(text) => void flow.importJson(text)}
            onUrl={(url) => void flow.importUrl(url)}
            urlError={flow.urlError}
            onUrlEdited={flow.clearUrlError}
            jsonPlaceholder={exampleJson}
          />
        </div>
      )}
      <ExportDialog projectId={projectId} projectTitle={title} open={exportOpen} onClose={() => setExportOpen(false)} />
    </section>
  );
}
