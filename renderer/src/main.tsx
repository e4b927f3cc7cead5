import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, readThemePreference } from './theme/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/shellWidgets.css';
import './styles/projects.css';
import './styles/createProject.css';
import './styles/settings.css';

// Before the first render, so the page never flashes the other theme.
applyTheme(readThemePreference());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
