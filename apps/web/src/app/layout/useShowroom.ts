import {
  DEFAULT_LANGUAGE,
  type Language,
  languageByKey,
  LOGIN_TYPE,
  type SessionUser,
  type WebsiteInfo,
} from '@vitrine/contract';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import * as storage from '../../lib/storage';
import { type TemplateStyle, templateStyleOf } from '../../lib/theme';

/** The stored website info; re-renders when it changes (here or in another tab). */
export function useSite(): WebsiteInfo | null {
  return useSyncExternalStore(storage.subscribe, storage.getSite, () => null);
}

/** The stored user of the session (visitor or customer), null when logged out. */
export function useUser(): SessionUser | null {
  return useSyncExternalStore(storage.subscribe, storage.getUser, () => null);
}

export const isCustomer = (user: SessionUser | null): boolean => user?.login_type === LOGIN_TYPE.CUSTOMER;

/**
 * The website's template_style (1 classic, 2 colour bar, 3 centred, 4 compact). The header and
 * footer switch on it; catalogue pages read it here to switch their home and list layouts.
 */
export function useTemplateStyle(): TemplateStyle {
  return templateStyleOf(useSite()?.template_style);
}

/** The language on screen. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageByKey(i18n.language) ?? DEFAULT_LANGUAGE;
}
