import type { Messages } from '@vitrine/i18n';
import 'i18next';

/** Makes t('web.login.codeLabel') and friends type-checked against the English locale. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
