import { useId, type ReactNode } from 'react';

interface SettingsCardProps {
  title: string;
  /** One line under the title saying what this is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** An anchor for the page's section list. */
  id?: string;
}

/** One titled, labelled section of the app settings page. */
export function SettingsCard({ title, intro, children, id }: SettingsCardProps) {
  const headingId = useId();
  return (
    <section id={id} className="settings-section app-settings__card" aria-labelledby={headingId}>
      <header className="app-settings__card-header">
        <h2 id={headingId} className="settings-section__title">
          {title}
        </h2>
        {intro && <p className="muted app-settings__intro">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
