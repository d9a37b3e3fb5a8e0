import type * as Pages from './pages';

export type AccountPageName = keyof typeof Pages;

/**
 * Loads one of the customer's order screens (all five in one chunk, pages.ts). The route table
 * reaches them through this small module, so the list of files the screens need before they
 * draw (some thirty) lives here, not in the first page's code that every buyer downloads
 * (the /home budget, decision 0039): a logged-in customer's order screens cost one more short
 * request instead.
 */
export const loadAccountPage = (name: AccountPageName) =>
  import('./pages').then((pages) => ({ default: pages[name] }));
