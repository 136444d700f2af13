import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { startSession } from './app/start.ts';
import 'antd/dist/antd.css';
import './app/global.css';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');

const store = startSession(root);
createRoot(root).render(
  <StrictMode>
    <App store={store} router={createAppRouter()} />
  </StrictMode>,
);
