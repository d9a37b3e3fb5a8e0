import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /ecommerce: the e-commerce (cash-sale) products. Its content comes with the catalogue issue. */
export default function EcommercePage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.ecommerce')}</Title>
    </Box>
  );
}
