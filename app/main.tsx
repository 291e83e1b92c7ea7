import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, saveThemePreference } from './lib/theme';
import './styles.css';

// Before the first paint, so a light-theme visitor never sees a dark flash.
applyTheme();
saveThemePreference();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
