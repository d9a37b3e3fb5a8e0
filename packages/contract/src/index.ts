export * from './languages';
export * from './errors';
export * from './constants';
export * from './envelope';
export * from './result';
export * from './calls/site';
export * from './calls/auth';
export * from './calls/company';
export * from './calls/catalog';
export * from './calls/showroom';
export * from './calls/cart';
export * from './calls/samples';
export * from './calls/search';
export * from './calls/staff';
export * from './calls/staff-products';
export * from './calls/staff-content';
export * from './calls/staff-import';
export * from './calls/orders';
export * from './money';
export * from './calls/chat';
// --- issue 18 (analytics) ---
export * from './calls/analytics';
// --- end issue 18 (analytics) ---
export * from './calls/registry';
export * from './openapi';
export * from './rules';
export * from './totals';
export * from './browser';
