import { act, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { QueryProvider } from '../lib/query';

/**
 * Holds back the screen: until the returned function is awaited, the router (and the address)
 * moves on but the screen does not hear of it, and still shows the page drawn for the previous
 * address. That is what a busy phone shows while the router renders a navigation (a
 * transition). Call before the RouterProvider mounts, which is when it subscribes.
 */
export function screenHolder(router: ReturnType<typeof createMemoryRouter>): () => () => Promise<void> {
  let held: (() => void)[] | null = null;
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (subscriber) =>
    subscribe((...args) => (held ? held.push(() => subscriber(...args)) : subscriber(...args)));
  return () => {
    held = [];
    return async () => {
      const late = held ?? [];
      held = null;
      await act(async () => late.forEach((deliver) => deliver()));
    };
  };
}

/**
 * Renders `routes` at `path` with a memory router, inside the providers the app puts around its
 * pages. `holdScreen` is a screenHolder, set up before the router mounts as it must be.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const holdScreen = screenHolder(router);
  render(
    <AppProviders templateColor={1} env="test">
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </AppProviders>,
  );
  return { router, holdScreen };
}
