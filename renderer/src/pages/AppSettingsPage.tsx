/** Placeholder: replaced by the page itself. */
export function AppSettingsPage() {
  return <h1 className="page__title">Settings</h1>;
}
