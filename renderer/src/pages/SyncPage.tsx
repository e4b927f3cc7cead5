/** Placeholder: replaced by the sync page (remotes, runs, Sync now). */
export function SyncPage() {
  return <h1 className="page__title">Sync</h1>;
}
