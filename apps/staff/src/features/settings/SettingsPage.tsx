import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  ColorSwatch,
  Divider,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContactRecord,
  ErrorCode,
  LANGUAGES,
  LANG_KEYS,
  ORDER_CURRENCIES,
  type SiteSettings,
  TEMPLATE_COLORS,
  TRADE_TERMS,
  langCodeOf,
} from '@vitrine/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { callWithTip, call, isApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PictureField } from '../../components/PictureField';
import { Preview } from './Preview';

const KEY = ['settings'] as const;
const CONTACT_FIELDS = [
  'company_contact',
  'company_mobilephone',
  'company_telephone',
  'company_email',
  'company_wechat',
  'company_whatsapp',
  'company_facebook',
  'company_fax',
  'company_qq',
  'company_address',
  'company_address_en',
] as const satisfies readonly (keyof ContactRecord)[];

const emptyContact = (): ContactRecord => ({
  ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ''])) as Record<
    (typeof CONTACT_FIELDS)[number],
    string
  >),
  lang_type: 0,
});

const zeroOne = (on: boolean): 0 | 1 => (on ? 1 : 0);

type KeysOf<V> = { [K in keyof SiteSettings]: SiteSettings[K] extends V ? K : never }[keyof SiteSettings];
type Setter = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => void;

/** The props that tie a settings widget to one field of the form. */
function binders(form: SiteSettings, set: Setter) {
  return {
    /** A Select over a numbered choice: the options' values are the numbers as text. */
    choice: (key: KeysOf<number>, fallback: number) => ({
      value: String(form[key]),
      onChange: (v: string | null) => set(key, Number(v ?? fallback)),
      allowDeselect: false,
    }),
    /** A Switch over a 0/1 field. */
    flag: (key: KeysOf<0 | 1>) => ({
      checked: form[key] === 1,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, zeroOne(e.currentTarget.checked)),
    }),
  };
}

const replaceAt = <T,>(list: T[], i: number, change: Partial<T>) =>
  list.map((item, j) => (j === i ? { ...item, ...change } : item));
const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** One titled block of the form, with an optional action (add a row) beside its title. */
function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      <Stack>{children}</Stack>
    </Paper>
  );
}

/** Every field of the site's settings, with a live preview of the buyer's home beside it. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey: KEY, queryFn: () => call('staff_get_settings', {}) });
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [domains, setDomains] = useState('');
  const [stale, setStale] = useState(false);

  // The form starts over from each answer read (first load, reload, saved).
  const [readAt, setReadAt] = useState(0);
  if (loaded.data && loaded.dataUpdatedAt !== readAt) {
    setReadAt(loaded.dataUpdatedAt);
    setForm(loaded.data.settings);
    setDomains(loaded.data.settings.domains.join('\n'));
    setStale(false);
  }

  const save = useMutation({
    mutationFn: (settings: SiteSettings) =>
      callWithTip('staff_update_settings', { settings, updated_at: loaded.data?.updated_at ?? 0 }),
    onSuccess: ({ data, tip }) => {
      notifySuccess(tip);
      queryClient.setQueryData(KEY, data);
    },
    onError: (e) => {
      if (isApiError(e) && e.code === ErrorCode.CONFLICT) setStale(true);
      notifyError(e);
    },
  });

  const set: Setter = (key, value) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const setContact = (i: number, change: Partial<ContactRecord>) =>
    setForm((f) => (f ? { ...f, contacts: replaceAt(f.contacts, i, change) } : f));
  const bind = form && binders(form, set);

  const languageOptions = LANGUAGES.map((l) => ({ value: String(langCodeOf(l)), label: l.label }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form) return;
    save.mutate({
      ...form,
      domains: domains
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    });
  };

  return (
    <>
      <PageHeader title={t('ui.settings.title')} />
      <QueryState isPending={loaded.isPending} error={loaded.error} retry={() => void loaded.refetch()}>
        {form && bind && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <form onSubmit={submit} aria-label={t('ui.settings.title')}>
                <Stack>
                  {stale && (
                    <Alert color="orange" role="alert" title={t('ui.settings.stale')}>
                      <Button size="xs" mt="xs" variant="light" onClick={() => void loaded.refetch()}>
                        {t('ui.settings.reload')}
                      </Button>
                    </Alert>
                  )}
                  <Section title={t('ui.settings.company')}>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput
                        label={t('ui.settings.companyName')}
                        required
                        maxLength={200}
                        value={form.company_name}
                        onChange={(e) => set('company_name', e.currentTarget.value)}
                      />
                      <TextInput
                        label={t('ui.settings.companyNameEn')}
                        maxLength={200}
                        value={form.company_name_en}
                        onChange={(e) => set('company_name_en', e.currentTarget.value)}
                      />
                      <TextInput
                        label={t('ui.settings.site')}
                        required
                        maxLength={63}
                        value={form.site}
                        onChange={(e) => set('site', e.currentTarget.value)}
                      />
                      <Textarea
                        label={t('ui.settings.domains')}
                        description={t('ui.settings.domainsHint')}
                        autosize
                        minRows={2}
                        value={domains}
                        onChange={(e) => setDomains(e.currentTarget.value)}
                      />
                    </SimpleGrid>
                    <PictureField
                      label={t('ui.settings.logo')}
                      value={form.company_logo}
                      onChange={(url) => set('company_logo', url)}
                    />
                  </Section>

                  <Section title={t('ui.settings.look')}>
                    <div>
                      <Text size="sm" fw={500} id="template-style-label">
                        {t('ui.settings.templateStyle')}
                      </Text>
                      <SegmentedControl
                        aria-labelledby="template-style-label"
                        value={String(form.template_style)}
                        onChange={(v) => set('template_style', Number(v))}
                        data={[1, 2, 3, 4].map((n) => ({
                          value: String(n),
                          label: t('ui.settings.styleN', { n }),
                        }))}
                      />
                    </div>
                    <div role="radiogroup" aria-labelledby="template-color-label">
                      <Text size="sm" fw={500} id="template-color-label" mb={4}>
                        {t('ui.settings.templateColor')}
                      </Text>
                      <Group gap="sm">
                        {Object.entries(TEMPLATE_COLORS).map(([n, hex]) => {
                          const chosen = form.template_color === Number(n);
                          return (
                            <ColorSwatch
                              key={n}
                              component="button"
                              type="button"
                              role="radio"
                              aria-checked={chosen}
                              aria-label={t('ui.settings.colorN', { n, hex })}
                              color={hex}
                              size={36}
                              onClick={() => set('template_color', Number(n))}
                              style={{
                                cursor: 'pointer',
                                outline: chosen ? `3px solid ${hex}` : undefined,
                                outlineOffset: 3,
                                color: '#fff',
                              }}
                            >
                              {chosen ? '✓' : null}
                            </ColorSwatch>
                          );
                        })}
                      </Group>
                    </div>
                    <Switch label={t('ui.settings.banner')} {...bind.flag('is_default_banner')} />
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <ColorInput
                        label={t('ui.settings.bgColor')}
                        description={t('ui.settings.bgColorHint')}
                        format="hex"
                        value={form.bg_setting}
                        onChange={(v) => set('bg_setting', v.toUpperCase())}
                      />
                      <Select
                        label={t('ui.settings.bgImageSetting')}
                        {...bind.choice('bg_image_setting', 0)}
                        data={[
                          { value: '0', label: t('ui.settings.bgNone') },
                          { value: '1', label: t('ui.settings.bgTiled') },
                          { value: '2', label: t('ui.settings.bgCover') },
                        ]}
                      />
                    </SimpleGrid>
                    <PictureField
                      label={t('ui.settings.bgImage')}
                      value={form.bg_image}
                      onChange={(url) => set('bg_image', url)}
                    />
                  </Section>

                  <Section title={t('ui.settings.content')}>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <Select
                        label={t('ui.settings.defaultLang')}
                        value={String(form.default_lang)}
                        onChange={(v) => v && set('default_lang', Number(v))}
                        data={languageOptions}
                        allowDeselect={false}
                      />
                      <Select
                        label={t('ui.settings.numberType')}
                        {...bind.choice('number_type', 1)}
                        data={[
                          { value: '1', label: t('ui.settings.numberToy') },
                          { value: '2', label: t('ui.settings.numberHidden') },
                          { value: '3', label: t('ui.settings.numberArticle') },
                          { value: '0', label: t('ui.settings.numberId') },
                        ]}
                      />
                      <Select
                        label={t('ui.settings.tradeTerms')}
                        {...bind.choice('trade_terms', 0)}
                        data={Object.entries(TRADE_TERMS).map(([n, term]) => ({
                          value: n,
                          label: term || t('ui.common.none'),
                        }))}
                      />
                      <Select
                        label={t('ui.settings.moneyUnit')}
                        value={form.money_unit}
                        onChange={(v) => v && set('money_unit', v)}
                        data={[...ORDER_CURRENCIES]}
                        searchable
                        allowDeselect={false}
                      />
                      <Select
                        label={t('ui.settings.contactType')}
                        {...bind.choice('contact_type', 0)}
                        data={[
                          { value: '0', label: t('ui.settings.contactByLang') },
                          { value: '1', label: t('ui.settings.contactZh') },
                          { value: '2', label: t('ui.settings.contactEn') },
                        ]}
                      />
                      <Select
                        label={t('ui.settings.toyType')}
                        description={t('ui.settings.toyTypeHint')}
                        {...bind.choice('toy_type', 1)}
                        data={[1, 2, 3].map((n) => ({
                          value: String(n),
                          label: t('ui.settings.toyTypeN', { n }),
                        }))}
                      />
                    </SimpleGrid>
                    <Text size="sm" fw={500}>
                      {t('ui.settings.functions')}
                    </Text>
                    <Group>
                      {(
                        [
                          ['news', 'ui.settings.showNews'],
                          ['about_us', 'ui.settings.showAbout'],
                          ['contact', 'ui.settings.showContact'],
                        ] as const
                      ).map(([key, label]) => (
                        <Switch
                          key={key}
                          label={t(label)}
                          checked={form.show_function[key] === 1}
                          onChange={(e) =>
                            set('show_function', {
                              ...form.show_function,
                              [key]: zeroOne(e.currentTarget.checked),
                            })
                          }
                        />
                      ))}
                    </Group>
                    <Switch label={t('ui.settings.showPrice')} {...bind.flag('show_price')} />
                    <Switch
                      label={t('ui.settings.showArticleNumber')}
                      {...bind.flag('show_article_number')}
                    />
                    <Switch label={t('ui.settings.showPrivacy')} {...bind.flag('show_privacy')} />
                  </Section>

                  <Section
                    title={t('ui.settings.contacts')}
                    action={
                      <Button
                        size="xs"
                        variant="light"
                        disabled={form.contacts.length >= 20}
                        onClick={() => set('contacts', [...form.contacts, emptyContact()])}
                      >
                        {t('ui.settings.addContact')}
                      </Button>
                    }
                  >
                    {form.contacts.map((contact, i) => (
                      <fieldset key={i} style={{ border: 0, padding: 0, margin: 0 }}>
                        <Group justify="space-between" mb={4}>
                          <Text component="legend" fw={500} size="sm">
                            {t('ui.settings.contactN', { n: i + 1 })}
                          </Text>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('ui.settings.removeContact', { n: i + 1 })}
                            onClick={() => set('contacts', removeAt(form.contacts, i))}
                          >
                            ✕
                          </ActionIcon>
                        </Group>
                        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                          <Select
                            label={t('ui.settings.contactLang')}
                            value={String(contact.lang_type)}
                            onChange={(v) => setContact(i, { lang_type: Number(v ?? 0) })}
                            allowDeselect={false}
                            data={[
                              { value: '0', label: t('ui.settings.everyLanguage') },
                              ...LANGUAGES.map((l) => ({ value: String(l.index + 1), label: l.label })),
                            ]}
                          />
                          {CONTACT_FIELDS.map((field) => (
                            <TextInput
                              key={field}
                              label={t(`ui.settings.contact_${field}`)}
                              value={contact[field]}
                              onChange={(e) => setContact(i, { [field]: e.currentTarget.value })}
                            />
                          ))}
                        </SimpleGrid>
                        {i < form.contacts.length - 1 && <Divider mt="md" />}
                      </fieldset>
                    ))}
                  </Section>

                  <Section
                    title={t('ui.settings.privacy')}
                    action={
                      <Button
                        size="xs"
                        variant="light"
                        disabled={form.privacy.length >= LANG_KEYS.length}
                        onClick={() => {
                          const free = LANG_KEYS.find((k) => !form.privacy.some((p) => p.lang === k)) ?? 'en';
                          set('privacy', [...form.privacy, { lang: free, title: '', body: '' }]);
                        }}
                      >
                        {t('ui.settings.addPrivacy')}
                      </Button>
                    }
                  >
                    {form.privacy.map((p, i) => {
                      const langLabel = LANGUAGES.find((l) => l.key === p.lang)?.label ?? p.lang;
                      const change = (c: Partial<typeof p>) => set('privacy', replaceAt(form.privacy, i, c));
                      return (
                        <Stack key={i} gap="xs">
                          <Group align="flex-end">
                            <Select
                              label={t('ui.settings.privacyLang')}
                              value={p.lang}
                              onChange={(v) => v && change({ lang: v as typeof p.lang })}
                              allowDeselect={false}
                              data={LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
                              w={180}
                            />
                            <TextInput
                              label={t('ui.settings.privacyTitle')}
                              value={p.title}
                              maxLength={200}
                              onChange={(e) => change({ title: e.currentTarget.value })}
                              style={{ flex: 1 }}
                            />
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              mb={4}
                              aria-label={t('ui.settings.removePrivacy', { lang: langLabel })}
                              onClick={() => set('privacy', removeAt(form.privacy, i))}
                            >
                              ✕
                            </ActionIcon>
                          </Group>
                          <Textarea
                            label={t('ui.settings.privacyBody')}
                            autosize
                            minRows={3}
                            maxRows={12}
                            value={p.body}
                            onChange={(e) => change({ body: e.currentTarget.value })}
                          />
                        </Stack>
                      );
                    })}
                  </Section>

                  <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="gray.0" style={{ zIndex: 2 }}>
                    <Button type="submit" loading={save.isPending}>
                      {t('ui.settings.saveSettings')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <div style={{ position: 'sticky', top: 76 }}>
                <Preview settings={form} english={i18n.language === 'en'} />
              </div>
            </Grid.Col>
          </Grid>
        )}
      </QueryState>
    </>
  );
}
