import { act } from '@testing-library/react';
import type { createMemoryRouter } from 'react-router';

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
