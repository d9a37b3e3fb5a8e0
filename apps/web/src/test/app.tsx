import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import { clearToasts } from '../lib/toast';

// jsdom does not scroll (and says so on the console); the router's scroll restoration calls it.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => {} });

/**
 * Renders the whole app at `path` (the address bar is set first), with a router of its own that
 * is disposed of, and the toasts cleared, when the test ends.
 */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  onTestFinished(() => {
    router.dispose();
    clearToasts();
  });
  const user = userEvent.setup();
  const view = render(<App router={router} env="test" />);
  return { user, router, ...view };
}
