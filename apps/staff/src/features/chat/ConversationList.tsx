import { Avatar, Badge, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CONVERSATION_FILTERS, StaffConversation } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { previewText } from './MessageView';

export type Filter = (typeof CONVERSATION_FILTERS)[number];

export const buyerName = (c: StaffConversation, fallback: string): string =>
  c.customer?.customer_name || c.customer?.nickname || fallback;

/** The company's conversations, latest message first, with unread counts and the filter. */
export function ConversationList({
  conversations,
  filter,
  onFilter,
  selected,
  onSelect,
}: {
  conversations: StaffConversation[];
  filter: Filter;
  onFilter: (f: Filter) => void;
  selected: string | null;
  onSelect: (chatId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        size="xs"
        value={filter}
        onChange={(v) => onFilter(v as Filter)}
        aria-label={t('ui.chat.filter')}
        data={[
          { value: 'mine', label: t('ui.chat.filters.mine') },
          { value: 'unassigned', label: t('ui.chat.filters.unassigned') },
          { value: 'all', label: t('ui.chat.filters.all') },
        ]}
      />
      {conversations.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('ui.chat.noConversations')}
        </Text>
      ) : (
        <Stack
          gap={2}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('ui.chat.conversations')}
        >
          {conversations.map((c) => {
            const name = buyerName(c, t('ui.chat.deletedBuyer'));
            const active = c.chat_id === selected;
            return (
              <li key={c.chat_id}>
                <UnstyledButton
                  onClick={() => onSelect(c.chat_id)}
                  aria-current={active || undefined}
                  aria-label={
                    c.unread_count > 0
                      ? `${name} (${t('ui.chat.unreadCount', { count: c.unread_count })})`
                      : name
                  }
                  p="xs"
                  w="100%"
                  style={{
                    borderRadius: 8,
                    background: active ? 'var(--mantine-color-blue-0)' : undefined,
                  }}
                >
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Avatar src={c.customer?.avatar || null} radius="xl" size={36} alt="">
                      {name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={c.unread_count ? 700 : 500} truncate="end">
                        {name}
                      </Text>
                      <Group justify="space-between" wrap="nowrap" gap={4}>
                        <Text size="xs" c="dimmed" truncate="end">
                          {previewText(c.last_message?.msg_content, t)}
                        </Text>
                        {c.unread_count > 0 ? (
                          <Badge size="sm" color="red" circle={c.unread_count < 10} aria-hidden="true">
                            {c.unread_count > 99 ? '99+' : c.unread_count}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed" truncate="end">
                        {formatDateTime(c.updated_at)} ·{' '}
                        {c.staff_name
                          ? t('ui.chat.assignedTo', { name: c.staff_name })
                          : t('ui.chat.unassigned')}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
