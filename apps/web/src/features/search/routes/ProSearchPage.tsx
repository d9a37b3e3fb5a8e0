import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /proSearch: image-search results. Its content comes with a later issue. */
export default function ProSearchPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.proSearch')}</Title>
    </Box>
  );
}
