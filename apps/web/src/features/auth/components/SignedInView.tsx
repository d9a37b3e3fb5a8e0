import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { LOGIN_TYPE, type SessionUser } from '@vitrine/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './LoginPage.module.css';

interface SignedInViewProps {
  user: SessionUser;
  onLogout(): Promise<void>;
  /** Move focus to the greeting on mount (right after logging in), so it is read out. */
  focusOnMount?: boolean;
}

/** The greeting after login, until the showroom pages arrive: customer by name, or visitor. */
export function SignedInView({ user, onLogout, focusOnMount = false }: SignedInViewProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const customer = user.login_type === LOGIN_TYPE.CUSTOMER;
  const name = user.customer_name.trim() || user.nickname.trim();

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const logout = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      await onLogout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <Stack gap="lg" align="stretch">
      <Stack gap={6} align="center">
        <Title ref={headingRef} order={2} fz="h3" tabIndex={-1} className={classes.welcome}>
          {customer && name ? t('web.login.welcome', { name }) : t('web.login.welcomeVisitor')}
        </Title>
        {customer ? (
          <Text size="sm" c="gray.7" ta="center">
            {t('web.login.loggedInAs')}
          </Text>
        ) : null}
      </Stack>
      <Button
        variant="default"
        size="md"
        fullWidth
        onClick={logout}
        aria-disabled={leaving || undefined}
        leftSection={leaving ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined}
      >
        {t('web.login.logout')}
      </Button>
    </Stack>
  );
}
