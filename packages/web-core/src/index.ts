/*
 * What the buyer's showroom (apps/web) and the staff console (apps/staff) share. A head script
 * that runs before the app's code imports the subpaths wire, intl and language instead: they
 * bring the contract alone, never i18next or React.
 */
export * from './wire';
export * from './client';
export * from './i18n';
export * from './language';
export * from './intl';
export * from './format';
export * from './money';
