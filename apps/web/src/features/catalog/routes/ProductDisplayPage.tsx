import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /productDisplay: the catalogue by category, in list or thumbnail mode. Its content comes with a later issue. */
export default function ProductDisplayPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.productDisplay')}</Title>
    </Box>
  );
}
