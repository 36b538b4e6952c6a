import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readTheme, setTheme } from './use-theme.ts';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

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
});
