import { type CallName, type CallResponse, languageByKey } from '@vitrine/contract';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useQuery,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallBody, type CallOptions, callApi, isApiError } from './api-client';
import { takeEarlyCall, takeSettledEarlyCall } from './early-calls';
import { onSessionEnd } from './session-events';
import * as storage from './storage';
import { useNearViewport } from './useNearViewport';

/** The one query client: server state is cached per call, website, language and body. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      // A refused call (an ApiError) will be refused again; only network trouble is retried.
      retry: (count, error) => !isApiError(error) && count < 1,
    },
  },
});

// Answers cached for a session that ended (its cart, records, orders) must not leak into the next.
onSessionEnd(() => queryClient.clear());

/**
 * Provides the query client to the screens. It wraps the layouts, not the whole app, so the
 * login page (which needs no cached server state) does not download the query library.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/**
 * The key of a call's answer. The website and the language are part of it, so switching the
 * language refetches names in that language (spec section 7: a category fetch reruns on
 * language change), and two showrooms never share cached answers.
 */
export function callKey<N extends CallName>(name: N, body: CallBody<N>, lang: string) {
  return [name, storage.getSite()?.id ?? null, lang, body] as const;
}

/**
 * Makes a query's call in the language of its key. The language on screen changes before the
 * client's own notion of it does, and a query keyed in the new language but answered in the old
 * one would cache the old names under the new key until a reload (issue 21, item 1).
 */
export function callInKeyLanguage<N extends CallName>(
  name: N,
  body: CallBody<N>,
  lang: string,
  options: CallOptions = {},
): Promise<CallResponse<N>> {
  const language = languageByKey(lang);
  return callApi(name, body, language ? { ...options, lang: language } : options);
}

type ApiQueryOptions<N extends CallName> = Omit<
  UseQueryOptions<CallResponse<N>, Error, CallResponse<N>, ReturnType<typeof callKey<N>>>,
  'queryKey' | 'queryFn'
>;

/**
 * Calls the API through TanStack Query; keeps the previous page on screen while the next loads.
 * `call.silent`: the screen shows this call's failures itself, with no app-wide message.
 */
export function useApiQuery<N extends CallName>(
  name: N,
  body: CallBody<N>,
  options: ApiQueryOptions<N> = {},
  call: Pick<CallOptions, 'silent'> = {},
) {
  const { i18n } = useTranslation();
  let early: ReturnType<typeof takeSettledEarlyCall<N>>;
  return useQuery({
    queryKey: callKey(name, body, i18n.language),
    queryFn: ({ signal }) => {
      const again = () => callInKeyLanguage(name, body, i18n.language, { signal, ...call });
      return takeEarlyCall(name, body, i18n.language)?.catch(again) ?? again();
    },
    // Asked while the query has no data: an early answer that has already come is drawn in the
    // first render, as fresh as when the head script asked for it (lib/early-calls).
    initialData: () => (early = takeSettledEarlyCall(name, body, i18n.language))?.data,
    initialDataUpdatedAt: () => early?.at,
    placeholderData: keepPreviousData,
    ...options,
  });
}

/** How far below the fold content starts loading (about a phone screen ahead of the buyer). */
const BELOW_THE_FOLD_MARGIN = '600px 0px';

/**
 * useApiQuery for content further down a page: the call waits until the element behind the
 * returned ref comes near the viewport, so a first load spends its network and main thread on
 * what is on screen. An answer already cached (coming back to the page) shows at once, which
 * keeps the restored scroll position where it was.
 */
export function useApiQueryWhenNear<N extends CallName, T extends Element = HTMLElement>(
  name: N,
  body: CallBody<N>,
  options: Omit<ApiQueryOptions<N>, 'enabled'> = {},
) {
  const { i18n } = useTranslation();
  const [ref, near] = useNearViewport<T>(
    BELOW_THE_FOLD_MARGIN,
    () => queryClient.getQueryData(callKey(name, body, i18n.language)) !== undefined,
  );
  const query = useApiQuery(name, body, { ...options, enabled: near });
  return [ref, query, near] as const;
}

/**
 * The showroom's content that staff keep in the console (categories, banners, booths, hot areas;
 * decision 0057): an answer is fresh for 30 s, so a first load keeps its early answer, and is
 * asked again when the buyer comes back to the tab or the page after that. A change in the
 * console reaches an open showroom within that, and any new page at once (the server caches none
 * of it but the catalogue's totals, which each write drops).
 */
export const SHOWROOM_CONTENT = { staleTime: 30_000, refetchOnWindowFocus: true } as const;

export { useInfiniteQuery };
