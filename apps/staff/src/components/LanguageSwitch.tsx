import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, setLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('ui.common.language')}
      value={i18n.language === 'en' ? 'en' : 'zh'}
      onChange={(value) => void setLanguage(value as ConsoleLanguage, true)}
      data={[
        { value: 'zh', label: '中文' },
        { value: 'en', label: 'English' },
      ]}
    />
  );
}
