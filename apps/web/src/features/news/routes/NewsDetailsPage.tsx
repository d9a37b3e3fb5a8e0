import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /newsDetails?id=: one news item. Its content comes with the catalogue issue. */
export default function NewsDetailsPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.newsDetails')}</Title>
    </Box>
  );
}
