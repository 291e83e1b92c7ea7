import { useState } from 'react';
import { Moon, Sun } from 'lucide-react';
import { currentTheme, setTheme, type Theme } from '../../lib/theme';

export function ThemeToggle() {
  const [theme, setThemeState] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => { setTheme(next); setThemeState(next); }}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-muted hover:text-fg"
      // The visible words are the name (WCAG 2.5.3): 'Light mode' says what a press does.
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <Sun className="h-4 w-4" aria-hidden /> : <Moon className="h-4 w-4" aria-hidden />}
      {theme === 'dark' ? 'Light mode' : 'Dark mode'}
    </button>
  );
}
