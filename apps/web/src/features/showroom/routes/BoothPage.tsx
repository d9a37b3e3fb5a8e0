import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /booth?id=: the booth viewer, with previous and next booth. Its content comes with the catalogue issue. */
export default function BoothPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.booth')}</Title>
    </Box>
  );
}
