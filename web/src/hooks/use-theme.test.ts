import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { applyTheme, readTheme, setTheme, useTheme } from './use-theme.ts';

/** The OS scheme, and what was told of its changes (as the browser's media query list would). */
let systemIsDark = false;
const mediaListeners = new Set<() => void>();
function mockSystemDark(dark: boolean) {
  systemIsDark = dark;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return systemIsDark && query.includes('dark');
    },
    media: query,
    addEventListener: (_: string, fn: () => void) => mediaListeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => mediaListeners.delete(fn),
  }));
}

afterEach(() => {
  cleanup();
  mediaListeners.clear();
});

describe('theme preference', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('defaults to system and ignores unknown stored values', () => {
    expect(readTheme()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(readTheme()).toBe('system');
  });

  it('applies light or dark as a class on <html>, following the OS on system', () => {
    mockSystemDark(true);
    expect(applyTheme('system')).toBe('dark');
    expect(document.documentElement.className).toBe('dark');
    mockSystemDark(false);
    expect(applyTheme('system')).toBe('light');
    expect(document.documentElement.className).toBe('light');
  });

  it('stores an explicit choice', () => {
    mockSystemDark(false);
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(readTheme()).toBe('dark');
  });

  it('tells its readers when the OS switches under "system", not only <html>', () => {
    mockSystemDark(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ theme: 'system', resolved: 'light' });
    act(() => {
      systemIsDark = true;
      for (const fn of mediaListeners) fn();
    });
    expect(result.current).toMatchObject({ theme: 'system', resolved: 'dark' });
    expect(document.documentElement.className).toBe('dark');
  });
});
