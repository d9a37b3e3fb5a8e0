import { Outlet } from 'react-router';
import { QueryProvider } from '../lib/query';

/**
 * Stand-ins for the real layouts (app/layout/), for tests of routing and pages: the routed page
 * in a <main> with the query client the real layouts provide, without the header's and footer's
 * own calls.
 *   vi.mock('../app/layout/MainLayout', () => import('../test/layout-stubs'));
 */
export function MainLayout() {
  return (
    <main data-layout="main">
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </main>
  );
}

export function BareLayout() {
  return (
    <main data-layout="bare">
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </main>
  );
}
