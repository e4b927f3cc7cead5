/** Placeholder: replaced by the page itself. */
export function ImportPage({ projectId }: { projectId: number }) {
  return (
    <h1 className="page__title" data-project={projectId}>
      Import
    </h1>
  );
}
