import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

export function BuyersPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('ui.buyers.title')} />;
}
