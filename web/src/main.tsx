import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installDefaultMessages } from '../../shared/schemas/messages.ts';
import './index.css';

installDefaultMessages();

// Mount only into an empty #root (never over server-rendered or foreign content).
const root = document.getElementById('root');
if (root && root.childNodes.length === 0) {
  createRoot(root).render(<StrictMode><App /></StrictMode>);
}
