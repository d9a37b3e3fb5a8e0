import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOGIN_TYPE, type LoginResponse } from '@vitrine/contract';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { callApi, isApiError } from '../lib/api-client';
import { i18n, setLanguage } from '../lib/i18n';
import { resolveLanguage } from '../lib/language';
import * as storage from '../lib/storage';
import { showErrorToast } from '../lib/toast';
import { AppProviders } from './AppProviders';
import { endSession } from './session';

/**
 * One-time login links (decision 0044), loaded only when an address carries one: the route
 * guard has already taken the link out of the address bar and decided what to do with it.
 */

/** Exchanges a link for a session of its own; a link that is used up or expired says so, and changes nothing. */
async function exchange(link: string): Promise<LoginResponse | null> {
  try {
    return await callApi('exchange_login_link', { login_link: link }, { silent: true });
  } catch (e) {
    showErrorToast(isApiError(e) ? e.tip : i18n.t('web.errors.failedToStart'));
    return null;
  }
}

function keep(session: LoginResponse): void {
  storage.setToken(session.token);
  storage.setSite(session.site);
  storage.setUser(session.user);
}

/** Nobody is logged in: the link's account is. The guard then runs again with the new session. */
export async function logInWithLink(link: string): Promise<void> {
  const session = await exchange(link);
  if (!session) return;
  keep(session);
  await setLanguage(resolveLanguage(session.site.default_lang));
}

/**
 * Someone else is logged in: the buyer decides. Switching ends the session on screen first
 * (on the server too), then loads the page afresh, so nothing of the other account (cart
 * badge, chat, cached lists) stays on screen under the new one.
 */
async function switchTo(link: string): Promise<boolean> {
  const session = await exchange(link);
  if (!session) return false;
  endSession();
  keep(session);
  window.location.replace(window.location.pathname + window.location.search);
  return true;
}

function SwitchDialog({ link, onDone }: { link: string; onDone(): void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const [busy, setBusy] = useState(false);
  const user = storage.getUser();
  const question =
    user?.login_type === LOGIN_TYPE.CUSTOMER && user.customer_name
      ? t('web.loginLink.question', { name: user.customer_name })
      : t('web.loginLink.questionVisitor');
  const close = () => {
    setOpened(false);
    onDone();
  };
  const accept = async () => {
    setBusy(true);
    if (!(await switchTo(link))) close();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('web.loginLink.title')}
      centered
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('web.close') }}
      overlayProps={{ backgroundOpacity: 0.5, blur: 2 }}
    >
      <Stack gap="md">
        <Text>{question}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy} data-autofocus>
            {t('web.loginLink.stay')}
          </Button>
          <Button onClick={() => void accept()} loading={busy}>
            {t('web.loginLink.switch')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks, in a dialog of its own above the page, whether to switch to the link's account. */
export function offerLoginLink(link: string): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  // Unmounted after the dialog's closing transition, which needs the tree a moment longer.
  const done = () =>
    setTimeout(() => {
      root.unmount();
      host.remove();
    }, 500);
  root.render(
    <AppProviders templateColor={storage.getSite()?.template_color}>
      <SwitchDialog link={link} onDone={done} />
    </AppProviders>,
  );
}
