import {
  AppShell,
  Avatar,
  Badge,
  Burger,
  Center,
  Drawer,
  Group,
  Loader,
  Menu,
  NavLink as MantineNavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate, useNavigation } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { closeStaffSocket, staffSocket } from '../features/chat/staff-socket';
import { refreshOnOrderChange } from '../features/orders/keys';
import { call } from '../lib/api';
import { refreshCounts, useChatUnread, useCounts, useMe, useOrderCounts } from '../lib/queries';
import { type GuardedCall, mayCall } from '../lib/roles';
import { clearSession, useSession } from '../lib/session';
import { ChangePasswordModal } from './ChangePasswordModal';
import { PATHS } from './router';

interface NavItem {
  to: string;
  label: string;
  /** The call the page lists with: the entry shows only to roles that may make it. */
  needs: GuardedCall;
  badge?: 'new_samples' | 'new_applications' | 'new_vouchers' | 'chat_unread';
}

const NAV: readonly NavItem[] = [
  { to: PATHS.inbox, label: 'ui.nav.inbox', needs: 'staff_list_samples', badge: 'new_samples' },
  { to: PATHS.orders, label: 'ui.nav.orders', needs: 'staff_list_orders', badge: 'new_vouchers' },
  { to: PATHS.chat, label: 'ui.nav.chat', needs: 'staff_list_conversations', badge: 'chat_unread' },
  { to: PATHS.products, label: 'ui.nav.products', needs: 'staff_list_products' },
  { to: PATHS.import, label: 'ui.nav.import', needs: 'staff_create_import' },
  // ---- issue 18 item 3: the showroom's content ----
  { to: PATHS.categories, label: 'ui.nav.categories', needs: 'staff_list_categories' },
  { to: PATHS.banners, label: 'ui.nav.banners', needs: 'staff_list_banners' },
  { to: PATHS.news, label: 'ui.nav.news', needs: 'staff_list_news' },
  { to: PATHS.showrooms, label: 'ui.nav.showrooms', needs: 'staff_list_showrooms' },
  { to: PATHS.hotAreas, label: 'ui.nav.hotAreas', needs: 'staff_list_hot_areas' },
  { to: PATHS.factories, label: 'ui.nav.factories', needs: 'staff_list_factories' },
  { to: PATHS.certificates, label: 'ui.nav.certificates', needs: 'staff_list_certificates' },
  { to: PATHS.about, label: 'ui.nav.about', needs: 'staff_get_about' },
  // --- issue 18 (analytics) ---
  { to: PATHS.analytics, label: 'ui.nav.analytics', needs: 'staff_get_analytics' },
  // --- end issue 18 (analytics) ---
  { to: PATHS.buyers, label: 'ui.nav.buyers', needs: 'staff_list_customers' },
  { to: PATHS.codes, label: 'ui.nav.codes', needs: 'staff_list_access_codes' },
  {
    to: PATHS.applications,
    label: 'ui.nav.applications',
    needs: 'staff_list_applications',
    badge: 'new_applications',
  },
  { to: PATHS.settings, label: 'ui.nav.settings', needs: 'staff_get_settings' },
  { to: PATHS.staff, label: 'ui.nav.staff', needs: 'staff_list_staff' },
  { to: PATHS.audit, label: 'ui.nav.audit', needs: 'staff_list_audit' },
];

/** Below this (1200 px: tablets, small laptops) the navigation is a drawer behind a burger. */
const WIDE = 'lg';
const WIDE_EM = '75em';

/** The entries by role, with the counts of new lists, applications and vouchers to review. */
function NavLinks({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const counts = useCounts(!!me);
  const orderCounts = useOrderCounts(mayCall(me?.staff.role, 'staff_get_order_counts'));
  const chatUnread = useChatUnread(!!me);
  const all = { ...counts.data, new_vouchers: orderCounts.data?.new_vouchers, chat_unread: chatUnread.data };
  return items.map((item) => {
    const count = item.badge ? (all[item.badge] ?? 0) : 0;
    return (
      <MantineNavLink
        key={item.to}
        component={NavLink}
        to={item.to}
        label={t(item.label)}
        onClick={onNavigate}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="red" circle={count < 10} aria-label={t('ui.nav.newCount', { count })}>
              {count > 99 ? '99+' : count}
            </Badge>
          ) : null
        }
      />
    );
  });
}

/** Side navigation by role with the badges, and the header with who is logged in. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { website } = useSession();
  const me = useMe();
  const role = me.data?.staff.role;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();

  const logout = async () => {
    try {
      await call('staff_logout', {});
    } catch {
      // The session ends here all the same.
    }
    closeStaffSocket();
    clearSession();
    queryClient.clear();
    void navigate(PATHS.login, { replace: true });
  };

  const name =
    i18n.language === 'en' && website?.company_name_en ? website.company_name_en : website?.company_name;
  const items = NAV.filter((item) => mayCall(role, item.needs));
  // Orders change on the buyers' side too (a confirmation, a voucher): the socket says so, and the
  // lists and the badge follow without waiting for their next poll (decision 0043).
  const readsOrders = mayCall(role, 'staff_list_orders');
  useEffect(() => {
    if (!readsOrders) return;
    return staffSocket().on('order', (id, status) => {
      void refreshOnOrderChange(queryClient, id, status);
      void refreshCounts(queryClient);
    });
  }, [readsOrders, queryClient]);
  // The drawer is for narrow screens only: widening the window puts the side navigation back.
  const wide = useMediaQuery(`(min-width: ${WIDE_EM})`);
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: WIDE, collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={WIDE}
              size="sm"
              aria-label={t('ui.nav.openMenu')}
              aria-expanded={opened}
              aria-controls="console-menu"
            />
            {website?.company_logo && <Avatar src={website.company_logo} alt="" radius="sm" size={36} />}
            <Text fw={600} truncate="end" visibleFrom="xs">
              {name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('ui.header.account')}>
                  <Group gap={6} wrap="nowrap">
                    <Avatar size={30} radius="xl" color="blue">
                      {me.data?.staff.name.slice(0, 1)}
                    </Avatar>
                    <div>
                      <Text size="sm" fw={500} lh={1.2}>
                        {me.data?.staff.name}
                      </Text>
                      {role && (
                        <Text size="xs" c="dimmed" lh={1.2}>
                          {t(`ui.roles.${role}`)}
                        </Text>
                      )}
                    </div>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setPasswordOpen(true)}>{t('ui.header.changePassword')}</Menu.Item>
                <Menu.Item color="red" onClick={() => void logout()}>
                  {t('ui.header.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      {/* From the wide breakpoint the navigation sits beside the page; below it, in a drawer. */}
      <AppShell.Navbar p="xs" component="nav" aria-label={t('ui.nav.main')} visibleFrom={WIDE}>
        <NavLinks items={items} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {navigation.state === 'loading' ? (
          <Center py="xl">
            <Loader aria-label={t('ui.common.loading')} />
          </Center>
        ) : (
          <Suspense>
            <Outlet />
          </Suspense>
        )}
      </AppShell.Main>
      <Drawer
        id="console-menu"
        opened={opened}
        onClose={close}
        size={280}
        padding="xs"
        title={name}
        closeButtonProps={{ 'aria-label': t('ui.nav.closeMenu') }}
        hiddenFrom={WIDE}
      >
        <nav aria-label={t('ui.nav.main')}>
          <NavLinks items={items} onNavigate={close} />
        </nav>
      </Drawer>
      <ChangePasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </AppShell>
  );
}
