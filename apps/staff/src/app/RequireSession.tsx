import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Pages past the login need a staff token; without one, the login page, then back here. */
export function RequireSession() {
  const { session } = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
