import { useDisclosure } from '@mantine/hooks';
import type { SessionUser, WebsiteInfo } from '@vitrine/contract';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CompanyLogo } from '../../components/CompanyLogo';
import { LanguageSelect } from '../../components/LanguageSelect';
import { callApi } from '../../lib/api-client';
import { companyName, initialsOf } from '../../lib/company';
import * as storage from '../../lib/storage';
import { templateStyleOf } from '../../lib/theme';
import classes from './Header.module.css';
import { LoginIcon, LogoutIcon, SearchIcon } from '../../components/icons';
import {
  ImageSearchButton,
  ImageSearchHost,
} from '../../features/image-search/components/ImageSearchLauncher';
import { closeChat } from '../chat';
import { isCurrent, type NavItem, navItems } from './nav-items';
import { isCustomer, useLanguage } from './useShowroom';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

interface HeaderProps {
  site: WebsiteInfo;
  user: SessionUser | null;
}

/** Logo and company name, linking home. */
export function Brand({ site, onNavigate }: { site: WebsiteInfo; onNavigate?: () => void }) {
  const name = companyName(site, useLanguage());
  return (
    <Link to="/home" className={classes.brand} onClick={onNavigate}>
      {/* The name is right beside it, so the logo needs no text of its own. */}
      <CompanyLogo src={site.company_logo} initials={initialsOf(name)} className={classes.logo} />
      <span className={classes.name} dir="auto">
        {name}
      </span>
    </Link>
  );
}

/** Below this width the header is the phone's: brand and menu, the search on a row of its own. */
const PHONE_HEADER = '(max-width: 61.99em)';
const onWidthChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE_HEADER);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
const isPhoneHeader = () => window.matchMedia(PHONE_HEADER).matches;
const usePhoneHeader = () => useSyncExternalStore(onWidthChange, isPhoneHeader, () => false);

/** Search by name or number (and factory number when shown), with image search for toy_type 1. */
function SearchForm({
  site,
  onSearched,
  autoFocus = false,
}: {
  site: WebsiteInfo;
  onSearched?: () => void;
  /** Focus the box on mount (the search panel of style 4, opened on request). */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The box shows the keyword of the product list on screen, and follows it when it changes.
  const current = pathname.toLowerCase() === '/productdisplay' ? (params.get('keyword') ?? '') : '';
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setText(current);
  }

  const label =
    site.show_article_number === 1
      ? t('web.header.searchPlaceholderFactory')
      : t('web.header.searchPlaceholder');
  // A phone's row has room for a short hint only (the long one was cut off); the label says it all.
  const phone = usePhoneHeader();
  const placeholder = phone ? t('web.header.searchPlaceholderShort') : label;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = text.trim();
    navigate(keyword ? `/productDisplay?${new URLSearchParams({ keyword }).toString()}` : '/productDisplay');
    onSearched?.();
  };

  return (
    <form role="search" className={classes.search} onSubmit={onSubmit} aria-label={t('web.header.search')}>
      <div className={classes.searchField}>
        <label htmlFor={inputId} className={classes.visuallyHidden}>
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          className={classes.searchInput}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          dir="auto"
          // Only when the buyer just asked for the search panel.
          autoFocus={autoFocus}
        />
        {site.toy_type === 1 ? <ImageSearchButton className={classes.camera} onOpen={onSearched} /> : null}
      </div>
      <button type="submit" className={classes.searchButton}>
        <SearchIcon width={18} height={18} />
        <span>{t('web.header.search')}</span>
      </button>
    </form>
  );
}

/** 'Quit' for a logged-in customer (ends the session, back to login), 'Login' otherwise. */
function AuthButton({ user, onDone }: { user: SessionUser | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  if (!isCustomer(user)) {
    return (
      <button
        type="button"
        className={classes.action}
        onClick={() => {
          onDone?.();
          navigate('/login');
        }}
      >
        <LoginIcon width={18} height={18} />
        <span>{t('web.header.login')}</span>
      </button>
    );
  }

  const quit = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      await callApi('logout', {}, { quietSessionEnd: true, silent: true });
    } catch {
      // Offline or already ended: the session is forgotten here either way.
    }
    storage.clearUserInfo();
    closeChat();
    setLeaving(false);
    onDone?.();
    navigate('/login');
  };

  return (
    <button
      type="button"
      className={classes.action}
      onClick={() => void quit()}
      aria-disabled={leaving || undefined}
    >
      <LogoutIcon width={18} height={18} />
      <span>{t('web.header.quit')}</span>
    </button>
  );
}

/**
 * Style 4 keeps its one row for brand, tabs and tools: the search sits behind a button and
 * opens in a panel under the row (focus goes to the box; Escape closes and returns).
 */
function SearchToggle({ site }: { site: WebsiteInfo }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A new page closes the panel.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className={classes.searchToggleSlot}>
      <button
        ref={buttonRef}
        type="button"
        className={classes.searchToggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('web.header.search')}
        title={t('web.header.search')}
        onClick={() => setOpen((o) => !o)}
      >
        <SearchIcon />
      </button>
      {open ? (
        <div id={panelId} className={classes.searchPanel} onKeyDown={onKeyDown}>
          <div className={classes.searchPanelInner}>
            <SearchForm site={site} autoFocus onSearched={() => setOpen(false)} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Tabs({
  items,
  vertical = false,
  onNavigate,
}: {
  items: NavItem[];
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ul className={vertical ? classes.drawerTabs : classes.tabs}>
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.to}
            className={vertical ? classes.drawerTab : classes.tab}
            aria-current={isCurrent(item, pathname) ? 'page' : undefined}
            onClick={onNavigate}
          >
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The page header (spec section 2): brand, search, language, login or quit, and the tabs.
 * Its look follows template_style through data-style; on a phone it collapses to the brand and
 * a menu button opening a drawer with the tabs, the language and login or quit, and the search
 * on a row of its own, always at hand.
 */
export function Header({ site, user }: HeaderProps) {
  const { t } = useTranslation();
  const style = templateStyleOf(site.template_style);
  // Style 4 keeps its search behind a button, but a phone has it on the page like the others.
  const phone = usePhoneHeader();
  const items = navItems(site, user);
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code loads on the first open and then stays mounted (for its closing animation).
  const [menuLoaded, setMenuLoaded] = useState(false);
  const drawerId = useId();
  const navLabel = t('web.layout.mainNav');

  const nav = (
    <nav className={classes.nav} aria-label={navLabel}>
      <div className={classes.navInner}>
        <Tabs items={items} />
      </div>
    </nav>
  );

  return (
    <header className={classes.header} data-style={style}>
      <div className={classes.top}>
        <div className={classes.inner}>
          <div className={classes.brandSlot}>
            <Brand site={site} />
          </div>
          {style === 4 ? nav : null}
          {style === 4 ? <SearchToggle site={site} /> : null}
          {/* On a phone, a row of its own under the brand, in every style (issue 21, item 12). */}
          {style !== 4 || phone ? (
            <div className={classes.searchSlot}>
              <SearchForm site={site} />
            </div>
          ) : null}
          <div className={classes.tools}>
            <LanguageSelect tone={style === 2 ? 'onColor' : 'plain'} />
            <AuthButton user={user} />
          </div>
          <button
            type="button"
            className={classes.burger}
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            aria-label={t('web.layout.menu')}
            aria-expanded={opened}
            aria-controls={opened ? drawerId : undefined}
          >
            {/* Three lines that turn into a cross while the menu is open (Mantine's Burger look). */}
            <span className={classes.burgerLines} data-opened={opened || undefined} />
          </button>
        </div>
      </div>
      {style === 4 ? null : nav}
      {/* Outside the search box: the phone menu holding a camera button closes as the dialog opens. */}
      {site.toy_type === 1 ? <ImageSearchHost /> : null}

      {menuLoaded ? (
        <Suspense fallback={null}>
          <MenuDrawer
            id={drawerId}
            opened={opened}
            onClose={close}
            title={<span className={classes.drawerTitle}>{t('web.layout.menu')}</span>}
            closeLabel={t('web.close')}
            bodyClassName={classes.drawerBody ?? ''}
          >
            <nav aria-label={navLabel}>
              <Tabs items={items} vertical onNavigate={close} />
            </nav>
            <div className={classes.drawerTools}>
              <LanguageSelect tone="plain" fullWidth />
              <AuthButton user={user} onDone={close} />
            </div>
          </MenuDrawer>
        </Suspense>
      ) : null}
    </header>
  );
}
