import type { MouseEvent } from 'react';
import { routes } from '../router';
import type { ThemePreference } from '../theme/theme';
import { ThemeSwitch } from './ThemeSwitch';

export type PageId = 'projects' | 'sync' | 'appSettings';

const PAGES: { id: PageId; label: string }[] = [
  { id: 'projects', label: 'Projects' },
  { id: 'sync', label: 'Sync' },
  { id: 'appSettings', label: 'Settings' },
];

interface AppHeaderProps {
  page: PageId;
  theme: ThemePreference;
  onThemeChange: (theme: ThemePreference) => void;
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

export function AppHeader({ page, theme, onThemeChange }: AppHeaderProps) {
  return (
    <header className="app-header">
      {/* The hash is the router's: following `#main` would leave the page, so the link moves focus itself. */}
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      <div className="brand">
        <img className="brand__mark" src="./favicon.svg" alt="" width={24} height={24} />
        <span className="brand__name">Outpost</span>
      </div>
      <nav aria-label="Main">
        <ul className="nav-list">
          {PAGES.map((item) => (
            <li key={item.id}>
              <a className="nav-link" href={routes[item.id]} aria-current={item.id === page ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="app-header__end">
        <ThemeSwitch value={theme} onChange={onThemeChange} />
      </div>
    </header>
  );
}
