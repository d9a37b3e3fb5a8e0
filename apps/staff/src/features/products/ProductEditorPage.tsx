import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cartonVolume,
  ErrorCode,
  LANGUAGES,
  type LangKey,
  PRODUCT_FLAG_FIELDS,
  type StaffProduct,
} from '@vitrine/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import {
  breakErrors,
  draftErrors,
  draftOf,
  emptyDraft,
  fieldsOf,
  INTEGER_FIELDS,
  missingNames,
  type ProductDraft,
  SIZE_FIELDS,
} from './draft';
import { OPTIONS_KEY, PRODUCTS_KEY, productKey } from './keys';
import { ModelField } from './ModelField';
import { OrderingFacts } from './OrderingFacts';
import { PicturesEditor } from './PicturesEditor';
import { useLeaveGuard } from '../../components/useLeaveGuard';

/** /products/:id (or /products/new): loads the product and the editor's choices. */
export function ProductEditorPage() {
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const product = useQuery({
    queryKey: productKey(id ?? 0),
    queryFn: () => call('staff_get_product', { id: id ?? 0 }),
    enabled: id !== null,
  });
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: () => call('staff_list_product_options', {}) });
  const pending = options.isPending || (id !== null && product.isPending);
  return (
    <QueryState
      isPending={pending}
      error={options.error ?? product.error}
      retry={() => void (product.error ? product.refetch() : options.refetch())}
      empty={false}
    >
      {options.data && (id === null || product.data) && (
        <ProductEditor
          key={id ?? 'new'}
          product={id === null ? null : (product.data ?? null)}
          options={options.data}
        />
      )}
    </QueryState>
  );
}

type Options = Awaited<ReturnType<typeof call<'staff_list_product_options'>>>;

function ProductEditor({ product: initial, options }: { product: StaffProduct | null; options: Options }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editable = mayCall(useMe().data?.staff.role, 'staff_save_product');
  const [product, setProduct] = useState<StaffProduct | null>(initial);
  const [saved, setSaved] = useState<ProductDraft>(() => (initial ? draftOf(initial) : emptyDraft()));
  const [draft, setDraft] = useState<ProductDraft>(saved);
  const [showErrors, setShowErrors] = useState(false);
  const [problem, setProblem] = useState<{ tip: string; stale: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const exponent = product?.price_exponent ?? options.price_exponent;
  const currency = product?.money_unit ?? options.money_unit;
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const errors = draftErrors(draft, exponent);
  const missing = missingNames(draft);
  // A field the server refused (its tip names it, e.g. product.video_url), until it is edited.
  const [refused, setRefused] = useState<{ field: string; tip: string } | null>(null);
  const shown = (field: keyof ProductDraft) => {
    const e = showErrors ? errors[field] : undefined;
    if (e) return t(`ui.products.error.${e}`);
    return refused?.field === field ? refused.tip : undefined;
  };

  useLeaveGuard(dirty);

  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    if (refused?.field === field) setRefused(null);
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const setText = (kind: 'names' | 'packing', lang: LangKey, value: string) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [lang]: value } }));
  const input = (field: Exclude<keyof ProductDraft, 'names' | 'packing' | 'price_breaks'>) => ({
    id: `product-${field}`,
    value: String(draft[field] ?? ''),
    readOnly: !editable,
    error: shown(field),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, e.currentTarget.value as never),
  });

  const afterSave = (p: StaffProduct) => {
    setProduct(p);
    queryClient.setQueryData(productKey(p.id), p);
    void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, exact: false });
  };

  const save = async () => {
    setShowErrors(true);
    setProblem(null);
    const first = Object.keys(errors)[0];
    if (first) {
      document.getElementById(first === 'names' ? 'product-name-zh' : `product-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const fields = fieldsOf(draft, exponent);
      const { data, tip } = await callWithTip(
        'staff_save_product',
        product ? { id: product.id, updated_at: product.updated_at, product: fields } : { product: fields },
      );
      notifySuccess(tip);
      afterSave(data);
      const next = draftOf(data);
      setSaved(next);
      setDraft(next);
      setShowErrors(false);
      if (!product) void navigate(`/products/${data.id}`, { replace: true });
    } catch (e) {
      if (isApiError(e)) {
        setProblem({ tip: e.tip, stale: e.code === ErrorCode.CONFLICT });
        const field = /\bproduct\.([a-z_]+)/.exec(e.tip)?.[1];
        if (e.code === ErrorCode.BAD_REQUEST && field && field in draft) {
          setRefused({ field, tip: e.tip });
          document.getElementById(`product-${field}`)?.focus();
        }
      } else notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    if (!product) return;
    const fresh = await call('staff_get_product', { id: product.id });
    afterSave(fresh);
    setSaved(draftOf(fresh));
    setDraft(draftOf(fresh));
    setProblem(null);
  };

  const setShow = async (takeOff: boolean) => {
    if (!product) return;
    const name = draft.names.en || draft.names.zh;
    if (
      takeOff &&
      !(await confirm({
        title: t('ui.products.takeOff'),
        message: t('ui.products.takeOffMessage', { name }),
        confirmLabel: t('ui.products.takeOff'),
        danger: true,
      }))
    )
      return;
    try {
      const { tip } = await callWithTip('staff_bulk_products', {
        ids: [product.id],
        action: takeOff ? 'take_off' : 'put_back',
      });
      notifySuccess(tip);
      const fresh = await call('staff_get_product', { id: product.id });
      afterSave(fresh);
    } catch (e) {
      notifyError(e);
    }
  };

  const carton = cartonVolume(
    Number(draft.carton_length) || 0,
    Number(draft.carton_width) || 0,
    Number(draft.carton_height) || 0,
  );
  // Named in the console's language, else the other one of the two every product may have.
  const named = i18n.language.startsWith('zh')
    ? draft.names.zh || draft.names.en
    : draft.names.en || draft.names.zh;
  const title = product ? named || t('ui.products.unnamed') : t('ui.products.new');
  const categoryData = options.categories.map((c) => ({
    value: String(c.id),
    label: c.parent_id === null ? c.name : `— ${c.name}`,
  }));

  return (
    <Stack>
      <Anchor component={Link} to="/products" size="sm">
        ← {t('ui.products.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            {product && (
              <Badge color={product.taken_off_at === null ? 'green' : 'gray'} variant="light">
                {product.taken_off_at === null ? t('ui.products.onShow') : t('ui.products.takenOff')}
              </Badge>
            )}
            {dirty && (
              <Text size="sm" c="orange.8" role="status">
                {t('ui.quote.unsaved')}
              </Text>
            )}
          </Group>
          {product && (
            <Text size="xs" c="dimmed">
              {t('ui.products.updatedAt', { at: formatDateTime(product.updated_at) })}
            </Text>
          )}
        </Stack>
        {editable && (
          <Group gap="sm">
            {product && (
              <Button
                variant="default"
                color={product.taken_off_at === null ? 'orange' : undefined}
                onClick={() => void setShow(product.taken_off_at === null)}
              >
                {product.taken_off_at === null ? t('ui.products.takeOff') : t('ui.products.putBack')}
              </Button>
            )}
            <Button onClick={() => void save()} loading={busy}>
              {t('ui.common.save')}
            </Button>
          </Group>
        )}
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{problem.tip}</Text>
            {problem.stale && (
              <Button size="xs" variant="white" onClick={() => void reload()}>
                {t('ui.products.reload')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {showErrors && Object.keys(errors).length > 0 && (
        <Alert color="red" role="alert">
          {t('ui.products.fixErrors', { count: Object.keys(errors).length })}
        </Alert>
      )}

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('ui.products.section.numbers')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput label={t('ui.products.field.toy_number')} {...input('toy_number')} />
          <TextInput label={t('ui.products.field.article_number')} {...input('article_number')} />
          <TextInput label={t('ui.products.field.company_number')} {...input('company_number')} />
          <TextInput label={t('ui.products.field.factory_number')} {...input('factory_number')} />
          <Select
            label={t('ui.products.category')}
            data={categoryData}
            value={draft.category_id}
            onChange={(v) => set('category_id', v)}
            placeholder={t('ui.products.noCategory')}
            clearable
            searchable
            readOnly={!editable}
          />
          <Select
            label={t('ui.products.field.factory')}
            data={options.factories.map((f) => ({ value: String(f.id), label: f.name }))}
            value={draft.factory_id}
            onChange={(v) => set('factory_id', v)}
            placeholder={t('ui.common.none')}
            clearable
            searchable
            readOnly={!editable}
          />
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={3} size="h4">
            {t('ui.products.section.languages')}
          </Title>
          {missing.length === 0 ? (
            <Badge color="green" variant="light">
              {t('ui.products.allLanguages')}
            </Badge>
          ) : (
            <Badge color="orange" variant="light">
              {t('ui.products.namedCount', {
                done: LANGUAGES.length - missing.length,
                all: LANGUAGES.length,
              })}
            </Badge>
          )}
        </Group>
        {shown('names') && (
          <Text c="red" size="sm" mb="xs" role="alert">
            {shown('names')}
          </Text>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('ui.common.language')}</Table.Th>
                <Table.Th>{t('ui.products.field.name')}</Table.Th>
                <Table.Th>{t('ui.products.field.packing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LANGUAGES.map((l) => {
                const lacking = !draft.names[l.key].trim();
                return (
                  <Table.Tr key={l.key} bg={lacking ? 'orange.0' : undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" lang={l.htmlLang}>
                          {l.label}
                        </Text>
                        {lacking && (
                          <Badge size="xs" color="orange" variant="outline">
                            {t('ui.products.missing')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        id={`product-name-${l.key}`}
                        aria-label={t('ui.products.nameIn', { language: l.label })}
                        value={draft.names[l.key]}
                        onChange={(e) => setText('names', l.key, e.currentTarget.value)}
                        readOnly={!editable}
                        dir={l.rtl ? 'rtl' : 'ltr'}
                        lang={l.htmlLang}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('ui.products.packingIn', { language: l.label })}
                        value={draft.packing[l.key]}
                        onChange={(e) => setText('packing', l.key, e.currentTarget.value)}
                        readOnly={!editable}
                        dir={l.rtl ? 'rtl' : 'ltr'}
                        lang={l.htmlLang}
                        size="xs"
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('ui.products.section.price')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            label={t('ui.products.field.price', { currency })}
            inputMode="decimal"
            {...input('price')}
          />
          <TextInput
            label={t('ui.products.field.price_valid_until')}
            type="date"
            {...input('price_valid_until')}
          />
          {INTEGER_FIELDS.map((f) => (
            <TextInput key={f} label={t(`ui.products.field.${f}`)} inputMode="numeric" {...input(f)} />
          ))}
          <TextInput
            label={t('ui.products.field.order_box_type')}
            inputMode="numeric"
            {...input('order_box_type')}
          />
        </SimpleGrid>
      </Paper>

      <OrderingFacts
        draft={draft}
        currency={currency}
        editable={editable}
        rowErrors={showErrors ? breakErrors(draft, exponent) : null}
        input={input}
        onBreaks={(rows) => set('price_breaks', rows)}
      />

      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            {t('ui.products.section.carton')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ui.products.volume', { cbm: carton.cbm, cuft: carton.cuft })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
          {SIZE_FIELDS.map((f) => (
            <TextInput key={f} label={t(`ui.products.field.${f}`)} inputMode="decimal" {...input(f)} />
          ))}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('ui.products.flags')}
        </Title>
        <Group gap="lg">
          {PRODUCT_FLAG_FIELDS.map((f) => (
            <Checkbox
              key={f}
              label={t(`ui.products.flag.${f}`)}
              checked={draft[f] === 1}
              disabled={!editable}
              onChange={(e) => set(f, e.currentTarget.checked ? 1 : 0)}
            />
          ))}
        </Group>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('ui.products.section.details')}
        </Title>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('ui.products.field.certification')} {...input('certification')} />
            <TextInput
              label={t('ui.products.field.video_url')}
              placeholder="https://"
              {...input('video_url')}
            />
          </SimpleGrid>
          <Textarea label={t('ui.products.field.remark')} autosize minRows={2} {...input('remark')} />
          <Textarea
            label={t('ui.products.field.description')}
            autosize
            minRows={3}
            {...input('description')}
          />
          <ModelField url={draft.model_url} editable={editable} onChange={(url) => set('model_url', url)} />
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('ui.products.section.pictures')}
        </Title>
        {product ? (
          <PicturesEditor product={product} editable={editable} onSaved={afterSave} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('ui.products.pictures.saveFirst')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
