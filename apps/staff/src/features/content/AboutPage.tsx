import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ABOUT_BODY_MAX, LANGUAGES, type LangKey, type StaffAbout } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/router';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { call, isApiError } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import { contentKey, emptyTexts, LanguagesBadge, type Texts, useContentWrite } from './parts';

/** The editor of the texts read: one language at a time, all saved together. */
function AboutEditor({
  about,
  editable,
  settings,
}: {
  about: StaffAbout;
  editable: boolean;
  /** The caller may open the settings (the owner): the hidden page's note links there. */
  settings: boolean;
}) {
  const { t } = useTranslation();
  const read: Texts = { ...emptyTexts(), ...about.texts };
  const [texts, setTexts] = useState<Texts>(read);
  const [lang, setLang] = useState<LangKey>(currentLanguage() === 'zh' ? 'zh' : 'en');
  const save = useContentWrite('staff_save_about');
  const dirty = LANGUAGES.some((l) => texts[l.key] !== read[l.key]);
  useLeaveGuard(dirty && !save.isSuccess);
  const language = LANGUAGES.find((l) => l.key === lang) ?? LANGUAGES[0];
  const missing = LANGUAGES.filter((l) => !texts[l.key].trim());

  return (
    <Stack>
      {about.show_about_us === 0 && (
        <Alert color="orange" title={t('ui.content.about.hiddenTitle')}>
          <Text size="sm">
            {t('ui.content.about.hidden')}{' '}
            {settings && (
              <Anchor component={Link} to={PATHS.settings}>
                {t('ui.content.about.toSettings')}
              </Anchor>
            )}
          </Text>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500}>{t('ui.content.languages')}</Text>
            <LanguagesBadge texts={texts} />
          </Group>
          <Text size="sm" role="status">
            {missing.length === 0
              ? t('ui.content.about.noneMissing')
              : t('ui.content.about.missing', { names: missing.map((l) => l.label).join(', ') })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('ui.content.about.fallback')}
          </Text>
        </Stack>
      </Paper>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (editable) save.mutate({ texts, updated_at: about.updated_at });
        }}
      >
        <Stack>
          <NativeSelect
            label={t('ui.content.about.language')}
            value={lang}
            onChange={(e) => setLang(e.currentTarget.value as LangKey)}
            data={LANGUAGES.map((l) => ({
              value: l.key,
              label: texts[l.key].trim() ? l.label : `${l.label} — ${t('ui.content.about.empty')}`,
            }))}
            maw={360}
          />
          <Textarea
            label={t('ui.content.about.body', { language: language.label })}
            description={t('ui.content.about.plainText')}
            value={texts[lang]}
            onChange={(e) => setTexts({ ...texts, [lang]: e.currentTarget.value })}
            readOnly={!editable}
            autosize
            minRows={10}
            maxRows={30}
            maxLength={ABOUT_BODY_MAX}
            dir={language.rtl ? 'rtl' : 'ltr'}
            lang={language.htmlLang}
          />
          {isApiError(save.error) && (
            <Alert color="red" role="alert">
              {save.error.tip}
            </Alert>
          )}
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {t('ui.common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * /aboutUs: the company's introduction buyers read on their about-us page, in each of the 16
 * languages (a buyer whose language has none reads English, else Chinese), with the missing ones
 * listed and the settings' switch that shows the page at all.
 */
export function AboutPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_about');
  const query = useQuery({ queryKey: contentKey('about'), queryFn: () => call('staff_get_about', {}) });
  return (
    <>
      <PageHeader title={t('ui.content.about.title')} />
      <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()}>
        {/* A save (here or by a colleague, on reload) starts the editor afresh from what was stored. */}
        {query.data && (
          <AboutEditor
            key={query.data.updated_at}
            about={query.data}
            editable={editable}
            settings={mayCall(me.data?.staff.role, 'staff_get_settings')}
          />
        )}
      </QueryState>
    </>
  );
}
