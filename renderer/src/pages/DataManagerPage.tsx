/** Placeholder: replaced by the page itself. */
export function DataManagerPage({ projectId }: { projectId: number }) {
  return (
    <h1 className="page__title" data-project={projectId}>
      Data manager
    </h1>
  );
}
