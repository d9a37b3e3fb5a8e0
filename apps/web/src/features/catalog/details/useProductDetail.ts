import { useQuery } from '@tanstack/react-query';
import { type CallName, ErrorCode } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { callInKeyLanguage, callKey } from '../../../lib/query';

/** A product id from the address (?id=12); null when there is none or it is not a positive whole number. */
export function productIdFrom(search: URLSearchParams): number | null {
  const raw = search.get('id')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One product for its page. Called `silent`: the page shows a failure itself (the not-found
 * state for an unknown product, a retry otherwise) instead of the app-wide message.
 */
export function useProductDetail(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: callKey('get_toy_detail', { id: id ?? 0 }, i18n.language),
    queryFn: ({ signal }) =>
      callInKeyLanguage('get_toy_detail', { id: id ?? 0 }, i18n.language, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** True when the server said the product does not exist (code -1 with its tip). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.code === ErrorCode.FAILED;

type RelatedCall = Extract<CallName, 'get_toy_similar' | 'get_recommend_detail'>;

/** Products related to one (similar or recommended); a failure only hides the shelf. */
export function useRelated(name: RelatedCall, id: number, limit = 12) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: callKey(name, { id, limit }, i18n.language),
    queryFn: ({ signal }) => callInKeyLanguage(name, { id, limit }, i18n.language, { signal, silent: true }),
  });
}
