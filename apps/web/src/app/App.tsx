import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import * as storage from '../lib/storage';
import { onToastsWanted, toastsWanted } from '../lib/toast';
import { installApiHooks } from './api-hooks';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';

// The toasts' code and styles load with the first toast, off the first page's budget.
const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toasts once one is asked for (lib/toast loads their store meanwhile), then keeps them. */
function ToastsWhenNeeded() {
  const needed = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

interface AppProps {
  /** The app's router (createAppRouter): made once, outside React. */
  router: AppRouter;
  /** 'test' turns Mantine's transitions and portals off (Testing Library). */
  env?: 'default' | 'test';
}

/** The showroom: providers in the website's colours, the routes, and the app-wide error handling. */
export function App({ router, env = 'default' }: AppProps) {
  const site = useSyncExternalStore(storage.subscribe, storage.getSite, () => null);
  // A layout effect, so the hooks are in place before any page's effects make their first call.
  useLayoutEffect(() => installApiHooks(router), [router]);

  return (
    <AppProviders templateColor={site?.template_color} env={env}>
      <RouterProvider router={router} />
      <ToastsWhenNeeded />
    </AppProviders>
  );
}
