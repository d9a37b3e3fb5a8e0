import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router';

/**
 * Returns a function that reads this page's query string as the router holds it when called,
 * for controls that write the address from its current values (a filter, a page).
 *
 * Not the rendered one (useSearchParams, useLocation): the router renders each navigation as a
 * transition, and on a busy phone a page of product cards keeps that render off the screen for
 * a second or more. Meanwhile the controls on screen were drawn for the previous address, and
 * one that writes the address from what it was drawn with quietly undoes the navigation still
 * rendering: choose a sort, click 'Page 2' before the new sort shows, and the sort is gone.
 * The router's state is the address bar's, whatever has reached the screen.
 *
 * It falls back to the rendered address outside a data router, and once the router has moved
 * on to another page (a control of the page being left).
 */
export function useCurrentSearch(): () => URLSearchParams {
  // The data router's context is how react-router's own hooks reach the router; it has no
  // public hook that reads the router's state outside a render.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { pathname, search } = useLocation();
  return useCallback(() => {
    const latest = dataRouter?.router.state.location;
    return new URLSearchParams(latest?.pathname === pathname ? latest.search : search);
  }, [dataRouter, pathname, search]);
}
