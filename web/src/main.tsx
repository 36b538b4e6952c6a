import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { entryPageReady } from './app/routes.tsx';
import { initReactI18next } from 'react-i18next';
import { initI18n } from './lib/i18n/i18n.ts';
import { fetchPublicConfig } from './hooks/use-public-config.ts';
import './index.css';

// zod configures itself where it is first loaded (lib/zod-configured.ts): no eval, the default messages.

// Mount only into an empty #root (never over server-rendered or foreign content), once the
// active language's common messages are loaded (a failed load still renders, with the keys' English fallback).
/** Renders the app into `root` once the messages and the entry page are in. */
async function start(root: HTMLElement): Promise<void> {
  // The guards wait for the public config (billing mode): ask for it now, alongside the messages.
  void fetchPublicConfig();
  await initI18n(undefined, initReactI18next).catch(() => undefined);
  // The entry page's code and messages (asked for at start-up, in parallel): its first render then
  // shows it, not a skeleton. A slow network gets the skeleton after 3 s rather than a blank page.
  await Promise.race([entryPageReady(), new Promise((resolve) => setTimeout(resolve, 3000))]);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that a phone's slow CPU stretches past 100 ms.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// Not a top-level await: the page's chunks import from this entry and could not run before it
// finished, so waiting here for them would wait for ever (until the 3 s cap).
const root = document.getElementById('root');
if (root && root.childNodes.length === 0) void start(root);
