import {
  Alert,
  Button,
  Center,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { callWithTip } from '../../lib/api';
import { notifySuccess, tipOf } from '../../lib/notify';
import { saveSession, useSession } from '../../lib/session';

/** Email and password; the company's logo and name above; the server's tip when refused. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { website } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const { data, tip } = await callWithTip('staff_login', { email, password });
      queryClient.clear();
      saveSession({ website_id: data.website.id, token: data.token });
      notifySuccess(tip);
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (e) {
      setProblem(tipOf(e));
      setBusy(false);
    }
  };

  const name =
    i18n.language === 'en' && website?.company_name_en ? website.company_name_en : website?.company_name;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <Group justify="flex-end">
            <LanguageSwitch />
          </Group>
          <Stack align="center" gap={6}>
            {website?.company_logo && (
              <Image src={website.company_logo} alt="" h={64} w="auto" fit="contain" />
            )}
            <Text fw={600} ta="center">
              {name}
            </Text>
            <Title order={1} size="h3">
              {t('ui.login.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('ui.login.subtitle')}
            </Text>
          </Stack>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack>
              <TextInput
                label={t('ui.login.email')}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                required
                autoFocus
              />
              <PasswordInput
                label={t('ui.login.password')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                required
              />
              <div aria-live="assertive">
                {problem && (
                  <Alert color="red" variant="light">
                    {problem}
                  </Alert>
                )}
              </div>
              <Button type="submit" loading={busy} fullWidth>
                {t('ui.login.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Center>
  );
}
