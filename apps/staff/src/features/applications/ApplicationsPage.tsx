import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function ApplicationsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.applications.title')} />;
}
