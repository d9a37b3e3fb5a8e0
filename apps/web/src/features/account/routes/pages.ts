/**
 * The customer's order screens as one chunk (loaded through load.ts): one file and one list of
 * dependencies for all five, which share most of their code anyway (the /home budget, decision
 * 0039).
 */
export { default as InventoryPage } from './InventoryPage';
export { default as OrderDetailsPage } from './OrderDetailsPage';
export { default as OrderListPage } from './OrderListPage';
export { default as PersonalCenterPage } from './PersonalCenterPage';
export { default as QuoteAckFormPage } from './QuoteAckFormPage';
