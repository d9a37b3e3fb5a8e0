import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMe } from '../lib/queries';
import { mayCall } from '../lib/roles';

/** The first page a role may open: the inbox for owner and sales; a welcome for service. */
export function HomeRedirect() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('ui.common.loading')} />
      </Center>
    );
  return <Navigate to={mayCall(me.data.staff.role, 'staff_list_samples') ? '/inbox' : '/welcome'} replace />;
}
