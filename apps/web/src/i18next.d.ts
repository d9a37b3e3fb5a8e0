import type { WebMessages } from '@vitrine/i18n';
import 'i18next';

/**
 * Makes t('web.login.codeLabel') and friends type-checked against the English locale, without
 * the server's own groups, which the build leaves out of the browser's locale chunks.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: WebMessages };
  }
}
