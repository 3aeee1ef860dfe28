// Entry: language first (it sets <html lang dir> and loads the locale chunk), then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { initI18n } from './i18n/init';
import { directionOf } from '../domain/i18n';
import { App } from './app/app';

async function start() {
  const lang = await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App dir={directionOf(lang)} />
    </StrictMode>,
  );
}

void start();
