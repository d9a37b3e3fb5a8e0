import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function AccessCodesPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.codes.title')} />;
}
