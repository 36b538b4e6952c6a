import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { THEME_VALUES, type Theme } from '../../../shared/constants.ts';

const KEY = 'theme';
const listeners = new Set<() => void>();

export function readTheme(): Theme {
  try {
    const v = localStorage.getItem(KEY);
    return (THEME_VALUES as readonly string[]).includes(v ?? '') ? (v as Theme) : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Puts `light` or `dark` on <html> for a preference. */
export function applyTheme(theme: Theme): 'light' | 'dark' {
  const resolved = theme === 'system' ? (systemDark() ? 'dark' : 'light') : theme;
  const root = document.documentElement;
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  return resolved;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    /* storage may be blocked */
  }
  applyTheme(theme);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preference and what it shows now, as one value: it changes when the OS switches under `system`. */
function readSnapshot(): `${Theme}:${'light' | 'dark'}` {
  const theme = readTheme();
  return `${theme}:${theme === 'system' ? (systemDark() ? 'dark' : 'light') : theme}`;
}

/** Theme preference (light, dark, system), stored in localStorage; `system` follows the OS live. */
export function useTheme() {
  // The resolved scheme is part of the snapshot: with the preference alone, an OS switch under
  // `system` repainted <html> but left what reads `resolved` (the toasts) on the old scheme.
  const snapshot = useSyncExternalStore(subscribe, readSnapshot, () => 'system:light' as const);
  const [theme, resolved] = snapshot.split(':') as [Theme, 'light' | 'dark'];
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => {
      applyTheme('system');
      listeners.forEach((l) => l());
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);
  return { theme, resolved, setTheme: useCallback((t: Theme) => setTheme(t), []) };
}
