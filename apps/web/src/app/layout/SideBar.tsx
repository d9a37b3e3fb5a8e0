import type { SessionUser } from '@vitrine/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatBadge, requestChatOpen, useBadges } from '../../lib/badges';
import { ArrowUpIcon, CartIcon, ChatIcon, UserIcon } from '../../components/icons';
import classes from './SideBar.module.css';
import { PATHS } from '../../lib/paths';
import { isCustomer } from './useShowroom';

/** How far the page must scroll before 'back to top' appears. */
const SHOW_BACK_TO_TOP_AFTER = 400;

function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    // In the next frame, not now: reading scrollY right after the page's first render would
    // lay out the whole page inside that render's task (one long task on a slow phone).
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [offset]);
  return past;
}

/**
 * The accessible name of an item: its label, with the badge when there is one ("Sample cart 3").
 * The badge's visible text is a word of its own: a name holding it as "(3)" does not contain
 * what is seen (axe's label-content-name-mismatch; speech-input users say what they see).
 */
const nameOf = (label: string, badge: string): string | undefined =>
  badge ? `${label} ${badge}` : undefined;

function Content({ icon, label, badge }: { icon: ReactNode; label: string; badge?: string }) {
  return (
    <>
      {icon}
      <span className={classes.label}>{label}</span>
      {badge ? (
        <span className={classes.badge} aria-hidden="true" data-testid="badge">
          {badge}
        </span>
      ) : null}
    </>
  );
}

/**
 * The side bar: customer service (logged-in customers with a chat id), the sample cart, the
 * personal center (customers) and back to top; a bar across the bottom of a phone's or a
 * tablet's screen, a column floating at the inline end of a wider one (SideBar.module.css).
 */
export function SideBar({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const { cart, unread } = useBadges();
  const scrolled = useScrolledPast(SHOW_BACK_TO_TOP_AFTER);
  const customer = isCustomer(user);
  const withChat = customer && Boolean(user?.chat_id);
  // On the cart itself the cart button would only cover the lines (on a phone, their amounts).
  const onCart = useLocation().pathname === PATHS.chooseCar;

  const backToTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // The button goes away at the top: keep the keyboard at the start of the page.
    document.getElementById('page-top')?.focus({ preventScroll: true });
  };

  // Nothing to show but 'back to top', before it is needed: no empty bar over a phone's page.
  const idle = !withChat && onCart && !customer && !scrolled;

  return (
    <aside className={classes.sidebar} aria-label={t('web.sidebar.label')} data-idle={idle || undefined}>
      <ul className={classes.list}>
        {withChat ? (
          <li>
            <button
              type="button"
              className={classes.item}
              onClick={requestChatOpen}
              data-chat-button
              aria-label={nameOf(t('web.sidebar.chat'), formatBadge(unread))}
            >
              <Content icon={<ChatIcon />} label={t('web.sidebar.chat')} badge={formatBadge(unread)} />
            </button>
          </li>
        ) : null}
        {onCart ? null : (
          <li>
            <Link
              to={PATHS.chooseCar}
              className={classes.item}
              aria-label={nameOf(t('web.sidebar.cart'), formatBadge(cart))}
            >
              <Content icon={<CartIcon />} label={t('web.sidebar.cart')} badge={formatBadge(cart)} />
            </Link>
          </li>
        )}
        {customer ? (
          <li>
            <Link to="/personalCenter" className={classes.item}>
              <Content icon={<UserIcon />} label={t('web.sidebar.personalCenter')} />
            </Link>
          </li>
        ) : null}
        <li className={classes.topSlot} data-visible={scrolled || undefined}>
          <button
            type="button"
            className={classes.item}
            onClick={backToTop}
            tabIndex={scrolled ? undefined : -1}
            aria-hidden={scrolled ? undefined : true}
          >
            <Content icon={<ArrowUpIcon />} label={t('web.sidebar.backToTop')} />
          </button>
        </li>
      </ul>
    </aside>
  );
}
