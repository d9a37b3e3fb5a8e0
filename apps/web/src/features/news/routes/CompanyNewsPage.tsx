import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /companyNews: the company's news (only when show_function.news is on). Its content comes with a later issue. */
export default function CompanyNewsPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.companyNews')}</Title>
    </Box>
  );
}
