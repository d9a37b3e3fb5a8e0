import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function SampleDetailPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.inbox.title')} />;
}
