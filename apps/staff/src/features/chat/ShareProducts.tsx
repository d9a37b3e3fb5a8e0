import { Button, Checkbox, Group, Image, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ProductCard, SharedProduct } from '@vitrine/contract';
import { toSharedProduct } from '@vitrine/web-core/shared-product';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useMe } from '../../lib/queries';
import { chatKeys } from './keys';

/** The picker: search the website's products, tick some, share them as one card message. */
export function ShareProducts({ onShare }: { onShare: (products: SharedProduct[]) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [picked, setPicked] = useState<Map<number, ProductCard>>(new Map());
  const found = useQuery({
    queryKey: [...chatKeys.all, 'products', debounced],
    queryFn: () => call('staff_search_chat_products', debounced ? { keyword: debounced } : {}),
    enabled: open,
  });

  const toggle = (p: ProductCard) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });
  const close = () => {
    setOpen(false);
    setPicked(new Map());
    setKeyword('');
  };
  const share = () => {
    const numberType = me.data?.website.number_type ?? 1;
    onShare([...picked.values()].map((p) => toSharedProduct(p, numberType, formatMoney)));
    close();
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('ui.chat.shareProducts')}
      </Button>
      <Modal opened={open} onClose={close} title={t('ui.chat.shareProducts')} size="lg">
        <Stack gap="sm">
          <TextInput
            label={t('ui.chat.searchProducts')}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            data-autofocus
          />
          <QueryState isPending={found.isPending} error={found.error} retry={() => void found.refetch()}>
            <ScrollArea.Autosize mah={360}>
              <Stack gap="xs">
                {found.data?.list.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('ui.chat.noProducts')}
                  </Text>
                ) : null}
                {found.data?.list.map((p) => (
                  <Group key={p.id} gap="sm" wrap="nowrap">
                    <Checkbox checked={picked.has(p.id)} onChange={() => toggle(p)} aria-label={p.name} />
                    {p.picture ? <Image src={p.picture} alt="" w={40} h={40} fit="contain" /> : null}
                    <Stack gap={0}>
                      <Text size="sm">{p.name}</Text>
                      <Text size="xs" c="dimmed">
                        {[p.number, p.price === null ? null : formatMoney(p.price, p.money_unit)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </QueryState>
          <Group justify="flex-end">
            <Button onClick={share} disabled={picked.size === 0}>
              {t('ui.chat.shareSelected', { count: picked.size })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
