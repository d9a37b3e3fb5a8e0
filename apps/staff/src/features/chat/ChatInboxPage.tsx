import { Button, Grid, Group, Paper, Select, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useMe } from '../../lib/queries';
import { BuyerContext } from './BuyerContext';
import { Conversation } from './Conversation';
import { buyerName, ConversationList, type Filter } from './ConversationList';
import { chatKeys } from './keys';
import { staffSocket, type StaffConnection } from './staff-socket';

/** Roles that write in the chat (the contract's CHAT_WRITER_ROLES); sales read it. */
const WRITERS = new Set(['owner', 'service']);

/**
 * The customer-service inbox: conversations by last message with their unread counts and a
 * filter (mine, unassigned, all), the chosen conversation, and beside it the buyer's cart,
 * sample lists and orders. Live through the console's chat connection.
 */
export function ChatInboxPage() {
  const { t } = useTranslation();
  const me = useMe();
  const role = me.data?.staff.role;
  const canWrite = !!role && WRITERS.has(role);
  const [params, setParams] = useSearchParams();
  const filter = (
    ['mine', 'unassigned', 'all'].includes(params.get('filter') ?? '') ? params.get('filter') : 'all'
  ) as Filter;
  const selected = params.get('c');
  const client = useQueryClient();
  const [socket] = useState(staffSocket);
  const [connection, setConnection] = useState<StaffConnection>(socket.state);

  // Whom a conversation can be handed to: the company's owners and service staff.
  const writers = useQuery({
    queryKey: chatKeys.staff,
    queryFn: () => call('staff_list_chat_staff', {}),
    enabled: canWrite,
  });

  const list = useQuery({
    queryKey: chatKeys.list(filter),
    queryFn: () => call('staff_list_conversations', { filter, page_size: 100 }),
  });

  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.all });
    const stops = [
      socket.on('state', setConnection),
      socket.on('conversation', refresh),
      socket.on('message', (m) => {
        void client.invalidateQueries({ queryKey: ['chat', 'conversations'] });
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        if (m.from === 'buyer') void client.invalidateQueries({ queryKey: chatKeys.context(m.chat_id) });
      }),
    ];
    return () => stops.forEach((s) => s());
  }, [client, socket]);

  const conversations = list.data?.list ?? [];
  const current = conversations.find((c) => c.chat_id === selected) ?? null;

  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v === null) p.delete(k);
      else p.set(k, v);
    setParams(p, { replace: true });
  };

  const assign = async (staffId: number | null) => {
    if (!current) return;
    try {
      await call('staff_assign_conversation', { chat_id: current.chat_id, staff_id: staffId });
      await client.invalidateQueries({ queryKey: chatKeys.all });
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <>
      <PageHeader title={t('ui.chat.title')} />
      <Text size="xs" c="dimmed" mb="xs" data-state={connection}>
        {t(`ui.chat.connection.${connection}`)}
      </Text>
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs" mih={480}>
            <QueryState isPending={list.isPending} error={list.error} retry={() => void list.refetch()}>
              <ConversationList
                conversations={conversations}
                filter={filter}
                onFilter={(f) => set({ filter: f })}
                selected={selected}
                onSelect={(c) => set({ c })}
              />
            </QueryState>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="xs" h={620} style={{ display: 'flex', flexDirection: 'column' }}>
            {current ? (
              <>
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Title order={2} size="h5">
                    {buyerName(current, t('ui.chat.deletedBuyer'))}
                  </Title>
                  {canWrite && me.data ? (
                    <Group gap="xs" wrap="nowrap">
                      <Select
                        size="xs"
                        w={200}
                        aria-label={t('ui.chat.assignTo')}
                        placeholder={t('ui.chat.assignTo')}
                        value={current.staff_id === null ? null : String(current.staff_id)}
                        data={(writers.data?.list ?? []).map((m) => ({
                          value: String(m.id),
                          label: m.name,
                        }))}
                        onChange={(v) => void assign(v === null ? null : Number(v))}
                        clearable
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                      {current.staff_id === me.data.staff.id ? (
                        <Button size="compact-sm" variant="default" onClick={() => void assign(null)}>
                          {t('ui.chat.release')}
                        </Button>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => void assign(me.data.staff.id)}
                        >
                          {t('ui.chat.take')}
                        </Button>
                      )}
                    </Group>
                  ) : null}
                </Group>
                <div style={{ flex: 1, minHeight: 0 }}>
                  <Conversation
                    key={current.chat_id}
                    conversation={current}
                    socket={socket}
                    canWrite={canWrite}
                  />
                </div>
              </>
            ) : (
              <Text c="dimmed" ta="center" mt="xl">
                {t('ui.chat.pick')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {current ? <BuyerContext chatId={current.chat_id} /> : null}
        </Grid.Col>
      </Grid>
    </>
  );
}
