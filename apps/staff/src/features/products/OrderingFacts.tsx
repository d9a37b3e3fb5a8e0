import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PRODUCT_LIMITS } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import type { BreakErrors, ProductDraft } from './draft';

type Field = 'min_order_quantity' | 'lead_time_days' | 'hs_code';

/**
 * The ordering facts buyers ask for (decision 0059): minimum order quantity and price breaks,
 * both in pieces, production lead time and HS code. The breaks are a short table, one row per
 * quantity, in ascending order; each row says what is wrong with it.
 */
export function OrderingFacts({
  draft,
  currency,
  editable,
  rowErrors,
  input,
  onBreaks,
}: {
  draft: ProductDraft;
  currency: string;
  editable: boolean;
  /** Shown only once a save was tried (as the other fields' errors are). */
  rowErrors: BreakErrors | null;
  input(field: Field): {
    id: string;
    value: string;
    readOnly: boolean;
    error: string | undefined;
    onChange(e: React.ChangeEvent<HTMLInputElement>): void;
  };
  onBreaks(rows: ProductDraft['price_breaks']): void;
}) {
  const { t } = useTranslation();
  const rows = draft.price_breaks;
  const setRow = (i: number, key: 'from' | 'price', value: string) =>
    onBreaks(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const message = (e: string | undefined) => (e ? t(`ui.products.error.${e}`) : undefined);
  const full = rows.length >= PRODUCT_LIMITS.PRICE_BREAKS_MAX;

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        {t('ui.products.section.ordering')}
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('ui.products.field.min_order_quantity')}
            description={t('ui.products.ordering.moqHint')}
            inputMode="numeric"
            {...input('min_order_quantity')}
          />
          <TextInput
            label={t('ui.products.field.lead_time_days')}
            inputMode="numeric"
            {...input('lead_time_days')}
          />
          <TextInput
            label={t('ui.products.field.hs_code')}
            description={t('ui.products.ordering.hsHint')}
            placeholder="9503.00.90"
            {...input('hs_code')}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} id="price-breaks-title">
            {t('ui.products.ordering.breaks')}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t('ui.products.ordering.breaksHint')}
          </Text>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('ui.products.ordering.noBreaks')}
            </Text>
          ) : (
            <Table aria-labelledby="price-breaks-title" withRowBorders={false} maw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.products.ordering.from')}</Table.Th>
                  <Table.Th>{t('ui.products.ordering.unitPrice', { currency })}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput
                        id={i === 0 ? 'product-price_breaks' : `product-price_breaks-${i}`}
                        aria-label={t('ui.products.ordering.fromOf', { position: i + 1 })}
                        inputMode="numeric"
                        value={r.from}
                        readOnly={!editable}
                        error={message(rowErrors?.[i]?.from)}
                        onChange={(e) => setRow(i, 'from', e.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('ui.products.ordering.priceOf', { position: i + 1 })}
                        inputMode="decimal"
                        value={r.price}
                        readOnly={!editable}
                        error={message(rowErrors?.[i]?.price)}
                        onChange={(e) => setRow(i, 'price', e.currentTarget.value)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {editable && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onBreaks(rows.filter((_, j) => j !== i))}
                          aria-label={t('ui.products.ordering.removeBreak', { position: i + 1 })}
                        >
                          ×
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {editable && (
            <Group gap="sm" mt="xs">
              <Button
                size="compact-sm"
                variant="light"
                disabled={full}
                onClick={() => onBreaks([...rows, { from: '', price: '' }])}
              >
                {t('ui.products.ordering.addBreak')}
              </Button>
              {full && (
                <Text size="xs" c="dimmed">
                  {t('ui.products.ordering.breaksFull', { max: PRODUCT_LIMITS.PRICE_BREAKS_MAX })}
                </Text>
              )}
            </Group>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
