import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}

/** The server's paging: the page's number and the count in all. */
export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('ui.common.total', { count: total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          aria-label={t('ui.common.page')}
          getControlProps={(control) => ({ 'aria-label': String(control) })}
          getItemProps={(p) => ({ 'aria-label': String(p) })}
        />
      )}
    </Group>
  );
}
