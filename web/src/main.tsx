import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initReactI18next } from 'react-i18next';
import { initI18n } from './lib/i18n/i18n.ts';
import { fetchPublicConfig } from './hooks/use-public-config.ts';
import './index.css';

// zod configures itself where it is first loaded (lib/zod-configured.ts): no eval, the default messages.

// Mount only into an empty #root (never over server-rendered or foreign content), once the
// active language's common messages are loaded (a failed load still renders, with the keys' English fallback).
const root = document.getElementById('root');
if (root && root.childNodes.length === 0) {
  // The guards wait for the public config (billing mode): ask for it now, alongside the messages.
  void fetchPublicConfig();
  await initI18n(undefined, initReactI18next).catch(() => undefined);
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
