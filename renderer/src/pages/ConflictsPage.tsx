/** Placeholder: replaced by the conflicts page (side by side, keep mine / theirs / both). */
export function ConflictsPage({ projectId }: { projectId: number }) {
  return (
    <h1 className="page__title" data-project={projectId}>
      Conflicts
    </h1>
  );
}
