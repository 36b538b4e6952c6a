import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app.tsx';
import { installDefaultMessages } from '../../shared/schemas/messages.ts';
import './index.css';

// The server's Content-Security-Policy allows no eval: zod must not even probe for it (a caught
// `new Function` is still reported as a violation).
z.config({ jitless: true });
installDefaultMessages();

// Mount only into an empty #root (never over server-rendered or foreign content).
const root = document.getElementById('root');
if (root && root.childNodes.length === 0) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
