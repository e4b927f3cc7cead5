import { tagReason, type ConfigReadiness } from '../../labeling/configReadiness';
import { routes } from '../../router';
import { EmptyState } from '../EmptyState';
import { RemoteEditorLink } from './RemoteEditorLink';

export type UnusableConfig = Exclude<ConfigReadiness, { kind: 'ready' }>;

interface EditorUnavailableProps {
  readiness: UnusableConfig;
  projectId: number;
  /** The task on screen: for a mirrored project, the team server's editor can open it. */
  taskId: number | null;
}

/**
 * Instead of an editor that would hang or offer an empty Submit: what is wrong with the
 * project's labeling config, and what can be done about it.
 */
export function EditorUnavailable({ readiness, projectId, taskId }: EditorUnavailableProps) {
  const setUp = (
    <a className="button button--primary" href={routes.projectSettings(projectId)}>
      {readiness.kind === 'unsupported' ? 'Edit the labeling config' : 'Set up the labeling interface'}
    </a>
  );
  if (readiness.kind === 'empty') {
    return (
      <EmptyState title="This project has no labeling config yet">
        <p>Choose what annotators see and what they label, from a template or in XML, in the project settings.</p>
        <div className="empty-state__actions">{setUp}</div>
      </EmptyState>
    );
  }
  if (readiness.kind === 'noControls') {
    return (
      <EmptyState title="This project's labeling config has nothing to label with">
        <p>It shows the data, but has no control such as Choices, Labels or RectangleLabels to annotate it.</p>
        <div className="empty-state__actions">{setUp}</div>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="The editor cannot show this project's labeling config">
      <p>Outpost labels with Label Studio's editor version 1.4.0, which does not know:</p>
      <ul className="editor-unavailable__tags">
        {readiness.tags.map((tag) => (
          <li key={tag.name}>
            <code>{`<${tag.name}>`}</code>: {tagReason(tag)}
          </li>
        ))}
      </ul>
      <p>
        Change the config to tags this editor knows, or label with a newer Label Studio, such as your team's server.
      </p>
      <div className="empty-state__actions">
        {setUp}
        {taskId !== null && <RemoteEditorLink taskId={taskId} />}
      </div>
    </EmptyState>
  );
}
