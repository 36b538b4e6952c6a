import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app.tsx';
import { installDefaultMessages } from '../../shared/schemas/messages.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import './index.css';

// The server's Content-Security-Policy allows no eval: zod must not even probe for it (a caught
// `new Function` is still reported as a violation).
z.config({ jitless: true });
installDefaultMessages();

// Mount only into an empty #root (never over server-rendered or foreign content), once the
// active language's common messages are loaded (a failed load still renders, with the keys' English fallback).
const root = document.getElementById('root');
if (root && root.childNodes.length === 0) {
  await initI18n().catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
