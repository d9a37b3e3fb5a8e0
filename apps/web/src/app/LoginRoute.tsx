import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/components/LoginPage';
import * as storage from '../lib/storage';
import { PATHS } from '../lib/paths';

/**
 * /login: the auth feature's page; once the buyer is in, they land on the page they asked for
 * before the guard sent them here (the referrer), else on /home.
 */
export default function LoginRoute() {
  const navigate = useNavigate();
  const entered = useRef(false);
  const enter = useCallback(() => {
    if (entered.current) return;
    entered.current = true;
    void navigate(storage.takeReferrer() ?? PATHS.home, { replace: true });
  }, [navigate]);
  return <LoginPage onSignedIn={enter} />;
}
