import type { ProjectEditor } from '../../api/projectEditor';
import { newerEditorSentence, tagList, tagReason, unsupportedNextSteps, type ConfigReadiness } from './configReadiness';
import { editorSubject } from './editorChoice';
import { routes } from '../../router';
import { EmptyState } from '../../components/EmptyState';
import { RemoteEditorLink } from './RemoteEditorLink';

export type UnusableConfig = Exclude<ConfigReadiness, { kind: 'ready' }>;

interface EditorUnavailableProps {
  readiness: UnusableConfig;
  /** The editor that would label: the one that cannot show the config's tags. */
  editor: ProjectEditor;
  projectId: number;
  /** The task on screen: for a mirrored project, the team server's editor can open it. */
  taskId: number | null;
}

/**
 * Instead of an editor that would hang or offer an empty Submit: what is wrong with the
 * project's labeling config, and what can be done about it.
 */
export function EditorUnavailable({ readiness, editor, projectId, taskId }: EditorUnavailableProps) {
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
  const newerEditor = newerEditorSentence(readiness.tags, editor);
  return (
    <EmptyState title="The editor cannot show this project's labeling config">
      {newerEditor && <p data-testid="newer-editor">{newerEditor}</p>}
      <p>
        {editorSubject(editor)} cannot show {tagList(readiness.tags.map((tag) => tag.name))}:
      </p>
      <ul className="editor-unavailable__tags">
        {readiness.tags.map((tag) => (
          <li key={tag.name}>
            <code>{`<${tag.name}>`}</code>: {tagReason(tag, editor)}
          </li>
        ))}
      </ul>
      <p>{unsupportedNextSteps(editor)}</p>
      <div className="empty-state__actions">
        {setUp}
        {editor.kind === 'bundled' && (
          <a className="button" href={routes.sync}>
            Sync with your team's server
          </a>
        )}
        {taskId !== null && <RemoteEditorLink taskId={taskId} />}
      </div>
    </EmptyState>
  );
}
