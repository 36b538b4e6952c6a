import type { RecordModel } from 'pocketbase';
import { pb } from './pb.ts';

/**
 * "Open as owner" from the console: the superuser's session waits in this tab's sessionStorage
 * while the tab runs the staff app under an impersonation token, and comes back with one click.
 * (sessionStorage: the superuser token never outlives the tab, and other tabs keep their own session.)
 */
const KEY = 'console-return';

interface Saved {
  token: string;
  record: RecordModel;
  /** Who is being viewed (shown in the bar) and where to come back to. */
  viewing: string;
  back: string;
}

export function startViewingAs(impersonation: { token: string; record: RecordModel }, viewing: string, back: string): void {
  const saved: Saved = { token: pb.authStore.token, record: pb.authStore.record as RecordModel, viewing, back };
  sessionStorage.setItem(KEY, JSON.stringify(saved));
  pb.authStore.save(impersonation.token, impersonation.record);
}

/** The pending return to the console, or null (nothing saved, or unreadable storage). */
export function consoleReturn(): Pick<Saved, 'viewing' | 'back'> | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Saved;
    return { viewing: saved.viewing, back: saved.back };
  } catch {
    return null;
  }
}

/** Ends the impersonation: the superuser session is back; returns where the console was left. */
export function returnToConsole(): string {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) {
    pb.authStore.clear();
    return '/_/';
  }
  const saved = JSON.parse(raw) as Saved;
  pb.authStore.save(saved.token, saved.record);
  return saved.back;
}
