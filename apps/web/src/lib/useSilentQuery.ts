import type { CallName, CallResponse } from '@vitrine/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallBody } from './api-client';
import { callInKeyLanguage, callKey } from './query';

/**
 * useApiQuery for a page that tells the buyer about a failure itself (a booth or news item that
 * does not exist): the same cache key, but no app-wide toast on failure. -106 and -2 are still
 * handled app-wide by the client.
 */
export function useSilentQuery<N extends CallName>(
  name: N,
  body: CallBody<N>,
  { enabled = true, keepPrevious = false }: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const { i18n } = useTranslation();
  return useQuery<CallResponse<N>, Error>({
    queryKey: callKey(name, body, i18n.language),
    queryFn: ({ signal }) => callInKeyLanguage(name, body, i18n.language, { signal, silent: true }),
    enabled,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
