import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function StaffPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.staff.title')} />;
}
