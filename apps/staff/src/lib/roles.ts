import type { CallName, StaffRole } from '@vitrine/contract';

/**
 * Which roles may make each staff call the console makes, as the contract's registry says
 * (roles.test.ts checks they agree). Kept here so the console's bundle does not carry the
 * registry's zod schemas just to hide a menu entry.
 */
const SALES: readonly StaffRole[] = ['owner', 'sales'];
const OWNER: readonly StaffRole[] = ['owner'];
const ALL: readonly StaffRole[] = ['owner', 'sales', 'service'];

export const CONSOLE_CALL_ROLES = {
  staff_list_samples: SALES,
  staff_list_orders: SALES,
  staff_get_order_counts: SALES,
  staff_list_customers: SALES,
  staff_list_access_codes: SALES,
  staff_list_applications: SALES,
  staff_get_settings: OWNER,
  staff_list_staff: OWNER,
  staff_list_audit: OWNER,
  staff_list_conversations: ALL,
  staff_list_products: ALL,
  staff_save_product: SALES,
  // --- issue 18 (analytics) ---
  staff_get_analytics: SALES,
  // --- end issue 18 (analytics) ---
  // Issue 18 item 3: the showroom's content.
  staff_list_categories: ALL,
  staff_save_category: SALES,
  staff_list_banners: ALL,
  staff_save_banner: SALES,
  staff_list_news: ALL,
  staff_save_news: SALES,
  staff_list_showrooms: ALL,
  staff_save_showroom: SALES,
  staff_list_hot_areas: ALL,
  staff_save_hot_area: SALES,
  staff_list_factories: ALL,
  staff_save_factory: SALES,
  staff_list_certificates: ALL,
  staff_save_certificate: SALES,
  staff_get_about: ALL,
  staff_save_about: SALES,
  staff_create_import: SALES,
  staff_get_linesheet: ALL,
} as const satisfies Partial<Record<CallName, readonly StaffRole[]>>;

export type GuardedCall = keyof typeof CONSOLE_CALL_ROLES;

export const mayCall = (role: StaffRole | undefined, name: GuardedCall): boolean =>
  !!role && CONSOLE_CALL_ROLES[name].includes(role);
