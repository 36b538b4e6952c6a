/**
 * A message for the next page this tab loads: the React app sends floor staff from a team route to
 * service mode, which is a page of its own (service.html), so its toast has to cross the page load.
 * Kept in sessionStorage for one read; only keys of the `common` messages.
 */
const KEY = 'page-notice';

export function leaveNotice(messageKey: string): void {
  try {
    sessionStorage.setItem(KEY, messageKey);
  } catch {
    // no storage: the page loads without the message
  }
}

/** The waiting message's key, once. */
export function takeNotice(): string | null {
  try {
    const key = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return key;
  } catch {
    return null;
  }
}
