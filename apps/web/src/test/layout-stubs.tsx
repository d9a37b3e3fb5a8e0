import { Outlet } from 'react-router';

/**
 * Stand-ins for the real layouts (app/layout/), for tests of routing and pages: the routed page
 * in a <main>, without the header's and footer's own calls.
 *   vi.mock('../app/layout/MainLayout', () => import('../test/layout-stubs'));
 */
export function MainLayout() {
  return (
    <main data-layout="main">
      <Outlet />
    </main>
  );
}

export function BareLayout() {
  return (
    <main data-layout="bare">
      <Outlet />
    </main>
  );
}
