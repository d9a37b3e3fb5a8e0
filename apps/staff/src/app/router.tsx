import { Center, Loader } from '@mantine/core';
import { Navigate, type RouteObject, createBrowserRouter, createMemoryRouter } from 'react-router';
import { RequireSession } from './RequireSession';
import { HomeRedirect } from './HomeRedirect';

/** Each page is a chunk of its own, loaded when first opened. */
const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

export const PATHS = {
  login: '/login',
  inbox: '/inbox',
  sample: (id: number) => `/inbox/${id}`,
  orders: '/orders',
  order: (id: number) => `/orders/${id}`,
  buyers: '/buyers',
  products: '/products',
  product: (id: number | 'new') => `/products/${id}`,
  import: '/import',
  codes: '/codes',
  applications: '/applications',
  settings: '/settings',
  staff: '/team',
  audit: '/audit',
  welcome: '/welcome',
  chat: '/chat',
  // --- issue 18 (analytics) ---
  analytics: '/analytics',
  // --- end issue 18 (analytics) ---
  // Issue 18 item 3: the showroom's content (decision 0057).
  categories: '/categories',
  banners: '/banners',
  news: '/news',
  showrooms: '/showrooms',
  hotAreas: '/hotAreas',
  factories: '/factories',
  // Issue 18 item 3: certificates, inspections and about us (decision 0066).
  certificates: '/certificates',
  about: '/aboutUs',
} as const;

function PageLoading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

const pages: RouteObject[] = [
  { path: PATHS.login, lazy: page(() => import('../features/login/LoginPage'), 'LoginPage') },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: page(() => import('./Shell'), 'Shell'),
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: PATHS.welcome, lazy: page(() => import('../features/welcome/WelcomePage'), 'WelcomePage') },
          { path: PATHS.inbox, lazy: page(() => import('../features/inbox/InboxPage'), 'InboxPage') },
          {
            path: `${PATHS.inbox}/:id`,
            lazy: page(() => import('../features/inbox/SampleDetailPage'), 'SampleDetailPage'),
          },
          { path: PATHS.orders, lazy: page(() => import('../features/orders/OrdersPage'), 'OrdersPage') },
          {
            path: `${PATHS.orders}/:id`,
            lazy: page(() => import('../features/orders/OrderPage'), 'OrderPage'),
          },
          {
            path: PATHS.products,
            lazy: page(() => import('../features/products/ProductsPage'), 'ProductsPage'),
          },
          {
            path: `${PATHS.products}/:id`,
            lazy: page(() => import('../features/products/ProductEditorPage'), 'ProductEditorPage'),
          },
          { path: PATHS.import, lazy: page(() => import('../features/import/ImportPage'), 'ImportPage') },
          { path: PATHS.buyers, lazy: page(() => import('../features/buyers/BuyersPage'), 'BuyersPage') },
          {
            path: PATHS.codes,
            lazy: page(() => import('../features/codes/AccessCodesPage'), 'AccessCodesPage'),
          },
          {
            path: PATHS.applications,
            lazy: page(() => import('../features/applications/ApplicationsPage'), 'ApplicationsPage'),
          },
          {
            path: PATHS.settings,
            lazy: page(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
          },
          { path: PATHS.staff, lazy: page(() => import('../features/team/StaffPage'), 'StaffPage') },
          { path: PATHS.audit, lazy: page(() => import('../features/audit/AuditPage'), 'AuditPage') },
          { path: PATHS.chat, lazy: page(() => import('../features/chat/ChatInboxPage'), 'ChatInboxPage') },
          // --- issue 18 (analytics) ---
          {
            path: PATHS.analytics,
            lazy: page(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage'),
          },
          // --- end issue 18 (analytics) ---
          // ---- issue 18 item 3: the showroom's content ----
          {
            path: PATHS.categories,
            lazy: page(() => import('../features/content/CategoriesPage'), 'CategoriesPage'),
          },
          { path: PATHS.banners, lazy: page(() => import('../features/content/BannersPage'), 'BannersPage') },
          { path: PATHS.news, lazy: page(() => import('../features/content/NewsPage'), 'NewsPage') },
          {
            path: PATHS.showrooms,
            lazy: page(() => import('../features/content/ShowroomsPage'), 'ShowroomsPage'),
          },
          {
            path: PATHS.hotAreas,
            lazy: page(() => import('../features/content/HotAreasPage'), 'HotAreasPage'),
          },
          {
            path: PATHS.factories,
            lazy: page(() => import('../features/content/FactoriesPage'), 'FactoriesPage'),
          },
          // Certificates, inspections and about us (decision 0066).
          {
            path: PATHS.certificates,
            lazy: page(() => import('../features/content/CertificatesPage'), 'CertificatesPage'),
          },
          { path: PATHS.about, lazy: page(() => import('../features/content/AboutPage'), 'AboutPage') },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** One root, whose fallback shows while the first page's chunk loads. */
export const routes: RouteObject[] = [{ hydrateFallbackElement: <PageLoading />, children: pages }];

export const createConsoleRouter = () => createBrowserRouter(routes, { basename: '/staff' });
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
