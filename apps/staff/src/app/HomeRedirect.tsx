import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../lib/queries';
import { mayCall } from '../lib/roles';

/** The first page a role may open: the inbox for owner and sales; the chat for service. */
export function HomeRedirect() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('ui.common.loading')} />
      </Center>
    );
  // Service staff answer the chat; it is their first page.
  const role = me.data.staff.role;
  return (
    <Navigate
      to={mayCall(role, 'staff_list_samples') ? '/inbox' : role === 'service' ? '/chat' : '/welcome'}
      replace
    />
  );
}
