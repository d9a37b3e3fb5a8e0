import './layout-styles';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { BackIcon } from '../../components/icons';
import classes from './Layout.module.css';
import { pageBackground } from './page-background';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useSite, useTemplateStyle } from './useShowroom';
import { QueryProvider } from '../../lib/query';

/** True when the router's history has an entry of this app to go back to. */
const canGoBack = (): boolean => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && Number((state as { idx?: unknown }).idx) > 0;
};

/**
 * The layout of the layout-hidden routes (personal center, inventory, quotation, order
 * details): no header or footer, the page in a container under a back link (back in history
 * when the buyer came from a showroom page, else home).
 */
export function BareLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSite();
  const style = useTemplateStyle();

  return (
    <div
      id="page-top"
      tabIndex={-1}
      className={classes.shell}
      data-style={style}
      style={pageBackground(site)}
    >
      <SkipLink />
      <div className={classes.bareBar}>
        <Link
          to="/home"
          className={classes.back}
          onClick={(e) => {
            if (!canGoBack()) return;
            e.preventDefault();
            void navigate(-1);
          }}
        >
          <BackIcon className={classes.backIcon} width={18} height={18} />
          <span>{t('web.layout.back')}</span>
        </Link>
      </div>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.container}>
          <QueryProvider>
            <Outlet />
          </QueryProvider>
        </div>
      </main>
    </div>
  );
}
