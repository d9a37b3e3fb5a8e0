import { Anchor, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage, useSite } from '../../../app/layout/useShowroom';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { Paragraphs } from '../../../components/page/Paragraphs';
import { LoadFailed, LoadingNote } from '../../../components/page/StatePanels';
import { ShowroomBackdrop } from '../../../components/ShowroomBackdrop';
import { isApiError } from '../../../lib/api-client';
import { companyName } from '../../../lib/company';
import { PATHS } from '../../../lib/paths';
import { QueryProvider, useApiQuery } from '../../../lib/query';

/**
 * /agreement/privacy (spec section 2): the company's privacy notice, opened in a new tab from the
 * footer of the websites that show it. Outside the layout, as a document to read; its text is
 * the exporter's, drawn as plain paragraphs (never HTML), in the buyer's language when written in
 * it (the server falls back to English, then Chinese).
 */
export default function PrivacyPage() {
  // Outside the layouts, which provide the query client to the other pages.
  return (
    <QueryProvider>
      <PrivacyNotice />
    </QueryProvider>
  );
}

function PrivacyNotice() {
  const { t } = useTranslation();
  const site = useSite();
  const lang = useLanguage();
  const privacy = useApiQuery('get_privacy', {}, { retry: false }, { silent: true });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (privacy.data) headingRef.current?.focus();
  }, [privacy.data]);

  let body;
  if (privacy.isPending)
    body = (
      <div aria-busy="true">
        <LoadingNote />
        <Skeleton height={28} width="50%" radius="sm" mb="lg" />
        {[100, 96, 90, 70].map((w, i) => (
          <Skeleton key={i} height={14} width={`${w}%`} radius="sm" mb={12} />
        ))}
      </div>
    );
  else if (privacy.isError && !privacy.data)
    body = (
      <LoadFailed
        message={isApiError(privacy.error) ? privacy.error.tip : undefined}
        onRetry={() => void privacy.refetch()}
      />
    );
  else if (privacy.data)
    body = (
      <article lang={privacy.data.lang}>
        <Title
          ref={headingRef}
          order={1}
          fz="h2"
          mb="xs"
          tabIndex={-1}
          style={{ outline: 'none' }}
          dir="auto"
        >
          {privacy.data.title || t('web.footer.privacy')}
        </Title>
        <Paragraphs text={privacy.data.body} />
      </article>
    );

  return (
    <ShowroomBackdrop topBar={<LanguageSelect />}>
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} maw="46rem" w="100%" shadow="xl">
        <Stack gap="md">
          {site ? (
            <Anchor component={Link} to={PATHS.home} fw={600} dir="auto">
              {companyName(site, lang)}
            </Anchor>
          ) : null}
          {body}
        </Stack>
      </Paper>
    </ShowroomBackdrop>
  );
}
