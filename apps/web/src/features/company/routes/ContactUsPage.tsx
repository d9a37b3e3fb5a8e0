import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /contactUs: how to reach the company (only when show_function.contact is on). Its content comes with a later issue. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.contactUs')}</Title>
    </Box>
  );
}
