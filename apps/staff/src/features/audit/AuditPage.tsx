import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function AuditPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.audit.title')} />;
}
