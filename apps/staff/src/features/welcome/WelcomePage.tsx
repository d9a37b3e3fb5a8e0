import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/queries';

/** What a service member sees until the chat arrives. */
export function WelcomePage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Paper p="xl" withBorder>
      <Title order={2}>
        {t('ui.welcome.title')}
        {me.data ? `, ${me.data.staff.name}` : ''}
      </Title>
      <Text mt="sm">{t('ui.welcome.service')}</Text>
    </Paper>
  );
}
