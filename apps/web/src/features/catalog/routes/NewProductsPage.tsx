import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /newProducts: the new-product area with its 3/6/9/12-month filter. Its content comes with the catalogue issue. */
export default function NewProductsPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.newProducts')}</Title>
    </Box>
  );
}
