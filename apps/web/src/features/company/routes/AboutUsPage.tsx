import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /aboutUs: about the company (only when show_function.about_us is on). Its content comes with a later issue. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.aboutUs')}</Title>
    </Box>
  );
}
