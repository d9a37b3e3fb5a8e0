/*
 * What the buyer's showroom (apps/web) and the staff console (apps/staff) share. A head script
 * that runs before the app's code imports the subpath wire instead: it brings the contract
 * alone, never i18next or React.
 */
export * from './wire';
export * from './client';
