import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { chatKeys } from './keys';

/** Beside the conversation: the buyer's cart now, their sample lists and orders. */
export function BuyerContext({ chatId }: { chatId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: chatKeys.context(chatId),
    queryFn: () => call('staff_chat_context', { chat_id: chatId }),
    refetchInterval: 30_000,
  });
  const data = query.data;
  return (
    <Stack gap="sm" component="aside" aria-label={t('ui.chat.context')}>
      <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()}>
        {data ? (
          <>
            {data.conversation.customer ? (
              <Paper withBorder p="sm">
                <Text fw={600}>{data.conversation.customer.customer_name}</Text>
                <Text size="xs" c="dimmed">
                  {[data.conversation.customer.email, data.conversation.customer.country]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Paper>
            ) : null}
            <Paper withBorder p="sm" data-testid="buyer-cart">
              <Title order={3} size="h6" mb={4}>
                {t('ui.chat.cart', { count: data.cart.lines.length })}
              </Title>
              {data.cart.lines.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('ui.chat.cartEmpty')}
                </Text>
              ) : (
                <Table fz="xs" verticalSpacing={2}>
                  <Table.Tbody>
                    {data.cart.lines.slice(0, 20).map((l) => (
                      <Table.Tr key={l.product.id}>
                        <Table.Td>{l.product.name}</Table.Td>
                        <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                          {t('ui.chat.cartons', { count: l.ctn })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper withBorder p="sm">
              <Title order={3} size="h6" mb={4}>
                {t('ui.chat.samples')}
              </Title>
              {data.samples.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('ui.chat.none')}
                </Text>
              ) : (
                <Stack gap={2}>
                  {data.samples.map((s) => (
                    <Group key={s.id} justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={`/inbox/${s.id}`} size="sm">
                        {s.number}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(s.created_at)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
            {data.orders ? (
              <Paper withBorder p="sm">
                <Title order={3} size="h6" mb={4}>
                  {t('ui.chat.orders')}
                </Title>
                {data.orders.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('ui.chat.none')}
                  </Text>
                ) : (
                  data.orders.map((o) => (
                    <Group key={o.id} justify="space-between" wrap="nowrap">
                      <Text size="sm">{o.number}</Text>
                      <Badge variant="light" size="sm">
                        {o.status}
                      </Badge>
                      <Text size="xs">{o.amount === null ? '' : formatMoney(o.amount, o.currency)}</Text>
                    </Group>
                  ))
                )}
              </Paper>
            ) : null}
          </>
        ) : null}
      </QueryState>
    </Stack>
  );
}
