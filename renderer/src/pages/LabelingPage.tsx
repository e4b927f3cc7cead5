/** Placeholder: replaced by the page itself. */
export function LabelingPage({ projectId, taskId }: { projectId: number; taskId: number | null }) {
  return (
    <h1 className="page__title" data-project={projectId} data-task={taskId ?? undefined}>
      Labeling
    </h1>
  );
}
