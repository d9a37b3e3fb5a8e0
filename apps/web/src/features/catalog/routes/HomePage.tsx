import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /home: the showroom's front page (banners, new and hot products). Its content comes with a later issue. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.home')}</Title>
    </Box>
  );
}
