import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /quoteAckForm: confirming a quotation (layout hidden, customers only). Its content comes with a later issue. */
export default function QuoteAckFormPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.quoteAckForm')}</Title>
    </Box>
  );
}
