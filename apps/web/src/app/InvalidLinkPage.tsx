import { Button, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { ShowroomBackdrop } from '../components/ShowroomBackdrop';
import { PATHS } from '../lib/paths';

/**
 * The invalid-link page: an unknown path, or a page the buyer may not open (customers only,
 * or a function the website switched off). Outside any layout, with a way back home.
 */
export default function InvalidLinkPage() {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <ShowroomBackdrop topBar={<LanguageSelect />}>
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} maw="27rem" w="100%" shadow="xl">
        <Stack align="center" gap="lg">
          <svg aria-hidden="true" width="72" height="72" viewBox="0 0 72 72" fill="none">
            <path
              d="M31 41a9 9 0 0 0 13 0l9-9a9 9 0 0 0-13-13l-3 3"
              stroke="#8C9AB5"
              strokeWidth="4"
              strokeLinecap="round"
            />
            <path
              d="M41 31a9 9 0 0 0-13 0l-9 9a9 9 0 0 0 13 13l3-3"
              stroke="#B8C3D9"
              strokeWidth="4"
              strokeLinecap="round"
            />
            <path d="M14 14l8 8M58 58l-8-8" stroke="#8C9AB5" strokeWidth="3.5" strokeLinecap="round" />
          </svg>
          <Title ref={headingRef} order={1} fz="h3" ta="center" tabIndex={-1} style={{ outline: 'none' }}>
            {t('web.invalidLink.title')}
          </Title>
          <Button component={Link} to={PATHS.home} replace size="md">
            {t('web.invalidLink.backHome')}
          </Button>
        </Stack>
      </Paper>
    </ShowroomBackdrop>
  );
}
