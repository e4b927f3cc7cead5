import { useId } from 'react';
import { isLocalModel } from '../../api/mlBackends';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { SectionProps } from '../settings/sectionProps';
import { BackendCard, backendName } from './BackendCard';
import { BackendFormDialog } from './BackendFormDialog';
import { DetectorPanel } from './DetectorPanel';
import { configCanDetect } from './detectorText';
import { LocalModelOffer } from './LocalModelSkills';
import { PredictionSettings } from './PredictionSettings';
import { TestPredictionDialog } from './TestPredictionDialog';
import { useMlBackends } from './useMlBackends';
import { useModelActions } from './useModelActions';
import { VersionsDialog } from './VersionsDialog';
import '../../styles/settingsCards.css';
import '../../styles/model.css';
import { FormError } from '../../components/FormError';

interface ModelSectionProps extends SectionProps {
  projectId: number;
}

/**
 * Machine learning for the project, like Label Studio's Model page: the connected model servers
 * (or Outpost's built-in model) with their state and actions, and which predictions pre-label tasks.
 */
export function ModelSection({ projectId, ...sectionProps }: ModelSectionProps) {
  const headingId = useId();
  const { load, isRefreshing, refresh, put } = useMlBackends(projectId);
  const actions = useModelActions(projectId, refresh, put);
  const backends = load.status === 'ready' ? load.backends : [];
  const hasLocal = backends.some(isLocalModel);

  return (
    <section className="settings-section model-section" aria-labelledby={headingId}>
      <div className="model-section__header">
        <h2 id={headingId} className="settings-section__title">
          Model
        </h2>
        <div className="model-section__actions">
          <button
            type="button"
            className="button button--small"
            disabled={isRefreshing || load.status === 'loading'}
            onClick={refresh}
          >
            {isRefreshing && load.status === 'ready' ? 'Checking…' : 'Check again'}
          </button>
          {!hasLocal && load.status === 'ready' && (
            <button
              type="button"
              className="button button--small"
              disabled={actions.connectingLocal}
              onClick={() => void actions.connectLocal()}
            >
              {actions.connectingLocal ? 'Connecting…' : 'Use the built-in offline model'}
            </button>
          )}
          <button
            type="button"
            className="button button--small button--primary"
            aria-haspopup="dialog"
            onClick={() => actions.openForm(null)}
          >
            Connect model server
          </button>
        </div>
      </div>
      <p className="muted model-section__intro">
        A model predicts labels for your tasks: the predictions pre-label tasks in the editor, where you correct and
        submit them. Connect a model server (Label Studio’s ML backend protocol) or use the model built into Outpost,
        which runs without leaving your computer: it learns text labels from this project’s annotations, and reads text
        in images (OCR) or finds objects with your ONNX detector from the start.
      </p>
      {load.status === 'loading' && <p role="status">Checking the connected models…</p>}
      {load.status === 'error' && <FormError>The connected models could not be loaded: {load.message}</FormError>}
      {load.status === 'ready' && backends.length === 0 && (
        <p className="model-empty" data-testid="model-empty">
          No model is connected to this project.
        </p>
      )}
      {load.status === 'ready' && !hasLocal && <LocalModelOffer projectId={projectId} />}
      {backends.length > 0 && (
        <div className="model-list">
          {backends.map((backend) => (
            <BackendCard
              key={backend.id}
              backend={backend}
              projectId={projectId}
              busy={actions.busy?.id === backend.id ? actions.busy.action : null}
              onAction={actions.act}
              onChanged={refresh}
            />
          ))}
        </div>
      )}
      {configCanDetect(sectionProps.settings.label_config) && <DetectorPanel projectId={projectId} />}
      <PredictionSettings
        {...sectionProps}
        backends={backends}
        versions={load.status === 'ready' ? load.versions : {}}
      />
      <BackendFormDialog
        open={actions.form !== null}
        backend={actions.form?.backend ?? null}
        busy={actions.formBusy}
        error={actions.formError}
        onSubmit={(values) => void actions.submitForm(values)}
        onClose={actions.closeForm}
      />
      <TestPredictionDialog
        modelName={actions.test ? backendName(actions.test.backend) : ''}
        answer={actions.test?.answer ?? null}
        onClose={actions.closeTest}
      />
      <VersionsDialog
        modelName={actions.versions ? backendName(actions.versions.backend) : ''}
        current={actions.versions?.backend.model_version ?? null}
        answer={actions.versions?.answer ?? null}
        onClose={actions.closeVersions}
      />
      <ConfirmDialog
        title={`Remove ${actions.removing ? backendName(actions.removing) : 'the model'}?`}
        open={actions.removing !== null}
        confirmLabel="Remove model"
        busy={actions.busy?.action === 'delete'}
        busyLabel="Removing…"
        onConfirm={actions.confirmRemove}
        onCancel={actions.cancelRemove}
      >
        <p>The project stops asking this model for predictions. The predictions it already made stay with the tasks.</p>
      </ConfirmDialog>
    </section>
  );
}
