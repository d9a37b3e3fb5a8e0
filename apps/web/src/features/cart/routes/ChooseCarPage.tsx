import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /chooseCar: the sample-selection cart. Its content comes with a later issue. */
export default function ChooseCarPage() {
  const { t } = useTranslation();
  return (
    <Box maw={1200} mx="auto" px="md" py="xl">
      <Title order={1}>{t('web.pages.chooseCar')}</Title>
    </Box>
  );
}
