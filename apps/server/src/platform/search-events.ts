/**
 * A buyer's search, as the module that searched tells it (decision 0058): the catalogue's text
 * search and image search report through this port, the analytics module keeps them. The port
 * must return at once and never throw: a search's answer does not wait for its log.
 */
export interface SearchEvent {
  companyId: number;
  websiteId: number;
  sessionId: number;
  customerId: number | null;
  kind: 'text' | 'image';
  /** The keyword as typed; for a photo, empty. */
  query: string;
  /** For a photo: its upload URL, only to tell a repeat (a reload of /proSearch) from a new photo. Not stored. */
  photo?: string;
  results: number;
  /** Text: any result. Photo: a sure match (a list of look-alikes is not a find). */
  found: boolean;
}

export type SearchReporter = (event: SearchEvent) => void;

/** Who searched: a buyer's session. Staff looking up products are not buyers and are not logged. */
export interface Searcher {
  websiteId: number;
  sessionId: number;
  customerId: number | null;
}

/** For modules built without a log (tests of a service alone). */
export const NO_SEARCH_LOG: SearchReporter = () => undefined;
