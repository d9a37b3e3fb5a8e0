import { DEFAULT_LANGUAGE } from '@vitrine/contract';
import { createFormat } from '@vitrine/web-core';
import { activeLanguage } from './i18n';
import * as storage from './storage';

export { cbmToCuft } from '@vitrine/web-core';

/** The showroom's formatters: in the language on screen, else the stored choice, else English. */
export const { localeOf, formatNumber, formatMoney, formatVolume, formatDate } = createFormat(
  () => activeLanguage() ?? storage.getLanguage() ?? DEFAULT_LANGUAGE,
);
