import { LIMITS } from '@vitrine/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, replace, type RouteObject } from 'react-router';
import * as storage from '../lib/storage';
import { guardRoute } from './guard';
import { PageFailed, PageLoading, reportPageFailure, RouteError } from './PageStates';
import { Root } from './Root';
import { APP_ROUTES, type AppRoute } from './routes';
import { applyGuardEffects } from './session';

/**
 * The showroom's router (react-router, data mode): the route table of routes.ts under a root
 * route that runs the guard before every navigation, each page and layout a chunk of its own.
 */

/** A bundle that has not arrived after this long counts as failed (specification, section 9). */
export function withTimeout<T>(load: Promise<T>, ms: number = LIMITS.CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Page code not loaded within ${ms / 1000} s`)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A route's code, loaded on demand. Code that fails to arrive is no error for the router (which
 * would then draw nothing of a layout whose own code did arrive): the route shows the failure.
 */
const lazyComponent =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: pick(await withTimeout(load())) };
    } catch (error) {
      reportPageFailure(error);
      return { Component: PageFailed };
    }
  };

/**
 * The guard, before every navigation (the root loader always re-runs): applies its side
 * effects (waiting for a login link's exchange), then lets the navigation through or replaces
 * it with the guard's target.
 */
export function guardLoader({ request }: LoaderFunctionArgs): null | Promise<null> {
  const url = new URL(request.url);
  const decision = guardRoute({
    path: url.pathname,
    search: url.search,
    site: storage.getSite(),
    user: storage.getUser(),
    hasToken: storage.getToken() !== null,
  });
  const finish = (): null => {
    if (decision.kind === 'redirect') throw replace(decision.to);
    return null;
  };
  // Only a login link being exchanged makes the guard wait; every other navigation goes on at once.
  const pending = applyGuardEffects(decision.effects);
  return pending ? pending.then(finish) : finish();
}

const pageRoute = (route: AppRoute): RouteObject => ({
  path: route.path,
  lazy: lazyComponent(route.load, (m) => m.default),
  // A page that fails to draw says so in place, inside its layout.
  ErrorBoundary: RouteError,
});

const pagesIn = (layout: AppRoute['layout']) => APP_ROUTES.filter((r) => r.layout === layout).map(pageRoute);

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      {
        lazy: lazyComponent(
          () => import('./layout/MainLayout'),
          (m) => m.MainLayout,
        ),
        children: pagesIn('main'),
      },
      {
        lazy: lazyComponent(
          () => import('./layout/BareLayout'),
          (m) => m.BareLayout,
        ),
        children: pagesIn('bare'),
      },
      ...pagesIn('none'),
      // Any other path: the invalid-link page, at the address asked for.
      {
        path: '*',
        lazy: lazyComponent(
          () => import('./InvalidLinkPage'),
          (m) => m.default,
        ),
        ErrorBoundary: RouteError,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
