import { Button, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { ShowroomBackdrop } from '../components/ShowroomBackdrop';
import { PATHS } from '../lib/paths';

/** /NotWebsite: the website asked for does not exist (code -106). */
export default function NotWebsitePage() {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <ShowroomBackdrop neutral topBar={<LanguageSelect />}>
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} maw="27rem" w="100%" shadow="xl">
        <Stack align="center" gap="lg">
          <svg aria-hidden="true" width="72" height="72" viewBox="0 0 72 72" fill="none">
            <rect x="10" y="22" width="52" height="38" rx="6" fill="#E7ECF5" />
            <path d="M10 30h52" stroke="#B8C3D9" strokeWidth="3" />
            <path
              d="M22 14l14 8 14-8"
              stroke="#8C9AB5"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <path d="M29 40l14 12M43 40L29 52" stroke="#8C9AB5" strokeWidth="3.5" strokeLinecap="round" />
          </svg>
          <Title ref={headingRef} order={1} fz="h3" ta="center" tabIndex={-1} style={{ outline: 'none' }}>
            {t('web.errors.notWebsite')}
          </Title>
          <Button component={Link} to={PATHS.login} size="md">
            {t('web.errors.backToLogin')}
          </Button>
        </Stack>
      </Paper>
    </ShowroomBackdrop>
  );
}
