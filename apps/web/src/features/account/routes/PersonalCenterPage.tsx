import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /personalCenter: the customer's own area (layout hidden, customers only). Its content comes with a later issue. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.personalCenter')}</Title>
    </Box>
  );
}
