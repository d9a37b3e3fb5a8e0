import './layout-styles';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './Layout.module.css';
import { pageBackground } from './page-background';
import { SideBar } from './SideBar';
import { MAIN_ID, SkipLink } from './SkipLink';
import { isCustomer, useSite, useTemplateStyle, useUser } from './useShowroom';
import { WelcomeBanner } from './WelcomeBanner';
import { QueryProvider } from '../../lib/query';
import { CartBridge } from '../../features/cart/CartBridge';
import { ChatLauncher } from '../../features/chat/ChatLauncher';

/**
 * The main layout (spec section 2): skip link, header, the routed page in <main>, the floating
 * side bar with the customer-service chat (customers with a chat id) and the footer.
 * template_style switches the header and footer looks (data-style); the site's background
 * settings paint the page behind them.
 */
export function MainLayout() {
  const site = useSite();
  const user = useUser();
  const style = useTemplateStyle();
  const { pathname } = useLocation();
  const isHome = pathname.replace(/\/+$/, '').toLowerCase() === '/home';

  return (
    <div
      id="page-top"
      tabIndex={-1}
      className={`${classes.shell} ${classes.withDock}`}
      data-style={style}
      style={pageBackground(site)}
    >
      <SkipLink />
      {site ? <Header site={site} user={user} /> : null}
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.container}>
          {site && isHome && site.is_default_banner === 1 ? <WelcomeBanner site={site} /> : null}
          <QueryProvider>
            <CartBridge />
            <Outlet />
          </QueryProvider>
        </div>
      </main>
      <SideBar user={user} />
      {user && isCustomer(user) && user.chat_id ? <ChatLauncher key={user.chat_id} user={user} /> : null}
      {site ? <Footer site={site} user={user} /> : null}
    </div>
  );
}
