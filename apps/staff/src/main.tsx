import { parseWithoutEval } from '@vitrine/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App';
import { createConsoleRouter } from './app/router';
import { preferredLanguage, setLanguage } from './lib/i18n';

// Before any schema is parsed: the console's CSP allows no eval (decision 0032).
parseWithoutEval();

async function start() {
  await setLanguage(preferredLanguage());
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App router={createConsoleRouter()} queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.textContent = 'The console could not be loaded. Please check your connection and reload the page.';
    root.setAttribute('role', 'alert');
  }
});
