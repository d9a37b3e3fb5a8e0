import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ORDER_CURRENCIES, ORDER_TRADE_TERMS, minorUnitsOf, splitDeposit } from '@vitrine/contract';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { currencyName, formatAmount, formatNumber } from '../../lib/format';
import { minorToMajorText, parseMajor } from '../../lib/money';
import {
  type DraftHeader,
  type DraftLine,
  type LineField,
  QUOTE_LIMITS,
  draftTotals,
  headerErrors,
  lineErrors,
} from './draft';
import { type LineProduct, LinesTable } from './LinesTable';
import { useLeaveGuard } from '../../components/useLeaveGuard';

export interface EditorState {
  header: DraftHeader;
  lines: DraftLine[];
}

interface Store {
  draft: EditorState;
  /** What the server holds: the draft differs from it once anything is typed. */
  saved: EditorState;
}

type Action =
  | { type: 'header'; field: keyof DraftHeader; value: string }
  | { type: 'line'; index: number; field: LineField; value: string }
  | { type: 'fillDown'; index: number; field: LineField }
  | { type: 'remove'; index: number }
  | { type: 'saved'; state: EditorState }
  | { type: 'currency'; value: string; from: number; to: number };

function reducer(store: Store, action: Action): Store {
  if (action.type === 'saved') return { draft: action.state, saved: action.state };
  return { ...store, draft: edit(store.draft, action) };
}

function edit(state: EditorState, action: Exclude<Action, { type: 'saved' }>): EditorState {
  switch (action.type) {
    case 'header':
      return { ...state, header: { ...state.header, [action.field]: action.value } };
    case 'line':
      return {
        ...state,
        lines: state.lines.map((l, i) => (i === action.index ? { ...l, [action.field]: action.value } : l)),
      };
    case 'fillDown': {
      const above = state.lines[action.index - 1];
      if (!above) return state;
      return {
        ...state,
        lines: state.lines.map((l, i) =>
          i === action.index ? { ...l, [action.field]: above[action.field] } : l,
        ),
      };
    }
    case 'remove':
      return { ...state, lines: state.lines.filter((_, i) => i !== action.index) };
    case 'currency': {
      // A price typed for two decimals keeps its digits' meaning when the currency has none
      // (or the other way round): readable prices are rewritten in the new currency's decimals,
      // so 12.50 USD → JPY shows "12.5" refused, not a silent 1250.
      const lines = state.lines.map((line) => {
        const p = parseMajor(line.price, action.from);
        if (!p.ok || action.from === action.to) return line;
        const as = minorToMajorText(p.minor, action.from);
        const again = parseMajor(as, action.to);
        return { ...line, price: again.ok ? minorToMajorText(again.minor, action.to) : as };
      });
      return { header: { ...state.header, currency: action.value }, lines };
    }
  }
}

interface QuotationEditorProps {
  title: string;
  status: string;
  statusColor: string;
  /** Under the title: where the quotation came from. */
  subtitle?: React.ReactNode;
  buyer: string;
  initial: EditorState;
  products: ReadonlyMap<number, LineProduct>;
  /** yyyy-mm-dd of today: validity and shipping dates start there. */
  today: string;
  /** Draft quotations may be edited; a sent or answered one is read-only. */
  editable: boolean;
  onSave(state: EditorState): Promise<void>;
  onSend(state: EditorState): Promise<void>;
  saving: boolean;
  sending: boolean;
}

/**
 * The quotation editor: the header, the lines, the totals, save and send. It starts from
 * `initial`; the page gives it a new key when the server's copy changes.
 */
export function QuotationEditor(props: QuotationEditorProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [store, dispatch] = useReducer(reducer, { draft: props.initial, saved: props.initial });
  const state = store.draft;
  const [showErrors, setShowErrors] = useState(false);
  const { header, lines } = state;
  const exponent = minorUnitsOf(header.currency);
  const dirty = store.draft !== store.saved;

  const errors = useMemo(() => lines.map((l) => lineErrors(l, exponent, QUOTE_LIMITS)), [lines, exponent]);
  const hErrors = headerErrors(header, props.today, QUOTE_LIMITS);
  const badLines = errors.filter((e) => Object.keys(e).length > 0).length;
  const hasErrors = badLines > 0 || Object.keys(hErrors).length > 0 || lines.length === 0;
  const totals = draftTotals(lines, exponent);
  const percent = Math.min(100, Number(header.deposit_percent) || 0);
  const { deposit, balance } = splitDeposit(totals.amount, percent);
  const money = (minor: number) => formatAmount(minor, header.currency);

  useLeaveGuard(dirty);

  const onChange = useCallback(
    (index: number, field: LineField, value: string) => dispatch({ type: 'line', index, field, value }),
    [],
  );
  const onFillDown = useCallback(
    (index: number, field: LineField) => dispatch({ type: 'fillDown', index, field }),
    [],
  );
  const onRemove = useCallback((index: number) => dispatch({ type: 'remove', index }), []);

  const focusFirstError = () => {
    const row = errors.findIndex((e) => Object.keys(e).length > 0);
    const field = Object.keys(errors[row] ?? {})[0];
    if (field) {
      document.getElementById(`quote-cell-${row}-${field}`)?.focus();
    } else {
      const field = Object.keys(hErrors)[0];
      if (field) document.getElementById(`quote-${field}`)?.focus();
    }
  };

  // A failed save or send keeps the clerk's input and its unsaved mark; the page says why.
  const save = async () => {
    setShowErrors(true);
    if (hasErrors) return focusFirstError();
    try {
      await props.onSave(state);
    } catch {
      return;
    }
    dispatch({ type: 'saved', state });
  };
  const send = async () => {
    setShowErrors(true);
    if (hasErrors) return focusFirstError();
    const ok = await confirm({
      title: t('ui.quote.sendTitle'),
      message: t('ui.quote.sendMessage', { count: lines.length, total: money(totals.amount) }),
      confirmLabel: t('ui.quote.send'),
    });
    if (!ok) return;
    try {
      await props.onSend(state);
    } catch {
      return;
    }
    dispatch({ type: 'saved', state });
  };

  const headerField = (field: keyof DraftHeader) => ({
    id: `quote-${field}`,
    value: header[field],
    readOnly: !props.editable,
    error: showErrors && hErrors[field] ? t(`ui.quote.error.${hErrors[field]}`) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      dispatch({ type: 'header', field, value: e.currentTarget.value }),
  });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={2}>{props.title}</Title>
            <Badge variant="light" color={props.statusColor}>
              {props.status}
            </Badge>
            {dirty && (
              <Text size="sm" c="orange.8" role="status">
                {t('ui.quote.unsaved')}
              </Text>
            )}
          </Group>
          <Group gap="md">
            <Text size="sm">{t('ui.quote.for', { buyer: props.buyer })}</Text>
            {props.subtitle}
          </Group>
        </Stack>
        {props.editable && (
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => void save()}
              loading={props.saving}
              disabled={props.sending}
            >
              {t('ui.quote.saveDraft')}
            </Button>
            <Button onClick={() => void send()} loading={props.sending} disabled={props.saving}>
              {t('ui.quote.send')}
            </Button>
          </Group>
        )}
      </Group>

      {showErrors && hasErrors && (
        <Alert color="red" role="alert" title={t('ui.quote.fixTitle')}>
          <Group gap="sm">
            <Text size="sm">
              {lines.length === 0
                ? t('ui.quote.noLines')
                : t('ui.quote.fixMessage', { count: badLines + Object.keys(hErrors).length })}
            </Text>
            {lines.length > 0 && (
              <Button size="compact-sm" variant="light" color="red" onClick={focusFirstError}>
                {t('ui.quote.goToFirst')}
              </Button>
            )}
          </Group>
        </Alert>
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, xl: 5 }} spacing="md">
          <NativeSelect
            label={t('ui.quote.currency')}
            {...headerField('currency')}
            disabled={!props.editable}
            onChange={(e) =>
              dispatch({
                type: 'currency',
                value: e.currentTarget.value,
                from: exponent,
                to: minorUnitsOf(e.currentTarget.value),
              })
            }
            data={ORDER_CURRENCIES.map((c) => ({ value: c, label: `${c} — ${currencyName(c)}` }))}
          />
          <NativeSelect
            label={t('ui.quote.tradeTerm')}
            {...headerField('trade_term')}
            disabled={!props.editable}
            data={ORDER_TRADE_TERMS.map((v) => ({ value: v, label: v || t('ui.common.none') }))}
          />
          <TextInput
            label={t('ui.quote.depositPercent')}
            inputMode="numeric"
            rightSection="%"
            {...headerField('deposit_percent')}
          />
          <TextInput
            label={t('ui.quote.validUntil')}
            type="date"
            min={props.today}
            {...headerField('valid_until')}
          />
          <TextInput
            label={t('ui.quote.shipDate')}
            type="date"
            min={props.today}
            {...headerField('estimated_ship_date')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
          <Textarea
            label={t('ui.quote.bankAccount')}
            description={t('ui.quote.bankHint')}
            autosize
            minRows={3}
            maxRows={6}
            {...headerField('account_info')}
          />
          <Textarea
            label={t('ui.quote.remark')}
            autosize
            minRows={3}
            maxRows={6}
            {...headerField('remark')}
          />
        </SimpleGrid>
      </Paper>

      <Paper withBorder>
        <Group justify="space-between" p="md" pb="xs" wrap="wrap">
          <Title order={3} size="h4">
            {t('ui.quote.lines', { count: lines.length })}
          </Title>
          {props.editable && (
            <Text size="xs" c="dimmed">
              {t('ui.quote.keysHint')}
            </Text>
          )}
        </Group>
        {lines.length === 0 ? (
          <Text c="dimmed" p="md">
            {t('ui.quote.noLines')}
          </Text>
        ) : (
          <LinesTable
            lines={lines}
            products={props.products}
            errors={errors}
            showErrors={showErrors}
            currency={header.currency}
            exponent={exponent}
            readOnly={!props.editable}
            onChange={onChange}
            onFillDown={onFillDown}
            onRemove={onRemove}
          />
        )}
      </Paper>

      {/* The totals stay in view at the window's foot while a long quotation scrolls by. */}
      <Paper
        withBorder
        px="md"
        py="sm"
        shadow="sm"
        aria-labelledby="quote-totals"
        style={{ position: 'sticky', bottom: 0, zIndex: 3 }}
      >
        <VisuallyHidden>
          <Title order={3} id="quote-totals">
            {t('ui.quote.totals')}
          </Title>
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 3, lg: 6 }} spacing="md" verticalSpacing="xs">
          <Total label={t('ui.quote.totalProducts')} value={formatNumber(totals.lines)} />
          <Total label={t('ui.quote.totalBoxes')} value={formatNumber(totals.boxes)} />
          <Total label={t('ui.quote.totalQuantity')} value={formatNumber(totals.quantity)} />
          <Total
            label={t('ui.quote.grandTotal')}
            value={`${money(totals.amount)}${header.trade_term ? ` ${header.trade_term}` : ''}`}
            strong
            testId="grand-total"
          />
          <Total label={t('ui.quote.deposit', { percent })} value={money(deposit)} testId="deposit" />
          <Total label={t('ui.quote.balance')} value={money(balance)} testId="balance" />
        </SimpleGrid>
        {totals.unreadable > 0 && (
          <Text size="xs" c="orange.8" mt="xs">
            {t('ui.quote.unreadable', { count: totals.unreadable })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

function Total({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        aria-live="polite"
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </div>
  );
}
