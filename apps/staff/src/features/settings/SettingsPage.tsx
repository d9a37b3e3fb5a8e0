import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function SettingsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.settings.title')} />;
}
