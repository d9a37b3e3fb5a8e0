import { Button, Skeleton } from '@mantine/core';
import { ErrorCode } from '@vitrine/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../app/layout/useShowroom';
import { PATHS } from '../../../lib/paths';
import { PRIORITY_CARDS, ProductGrid } from '../../../components/product';
import { EmptyState } from '../../../components/product/results';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { ChevronNextIcon, ChevronPreviousIcon, StoreIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { Pager } from '../../../components/page/Pager';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { useSilentQuery } from '../../../lib/useSilentQuery';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import { boothHref } from '../components/BoothCard';
import classes from '../components/showroom.module.css';
import { useArrowKeys } from '../components/useArrowKeys';

/** Products per page of a booth. */
export const BOOTH_PAGE_SIZE = 20;

const idFrom = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2 ** 31 ? n : null;
};

const pageFrom = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

const isNotFound = (e: unknown) => isApiError(e) && e.code === ErrorCode.FAILED;

function HeadSkeleton() {
  return (
    <div className={classes.viewerHead} aria-busy="true">
      <LoadingNote />
      <div className={classes.viewerTitleRow}>
        <Skeleton className={classes.viewerNumber} />
        <div style={{ flex: 1 }}>
          <Skeleton height={26} width="60%" radius="sm" mb={8} />
          <Skeleton height={12} width="35%" radius="sm" />
        </div>
      </div>
    </div>
  );
}

/**
 * /booth?id=: the booth viewer. The booth's number, name and showroom, its products (paged,
 * ?page=), and previous / next booth buttons, also on the left and right arrow keys (mirrored
 * right to left). Each booth is an entry of the history, so back and forward walk the booths.
 */
export default function BoothPage() {
  const { t } = useTranslation();
  const rtl = useLanguage().rtl;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = idFrom(params.get('id'));
  const page = pageFrom(params.get('page'));
  const productsTop = useRef<HTMLHeadingElement>(null);

  // Both at once; a booth that does not exist is said on the page (silent: no toast as well).
  const detail = useSilentQuery(
    'get_booth_detail',
    { id: id ?? 0 },
    { enabled: id !== null, keepPrevious: true },
  );
  const toys = useSilentQuery(
    'get_booth_toy',
    { id: id ?? 0, page, page_size: BOOTH_PAGE_SIZE },
    { enabled: id !== null, keepPrevious: true },
  );

  const booth = detail.data;
  const previousId = booth && !detail.isPlaceholderData ? booth.previous_id : null;
  const nextId = booth && !detail.isPlaceholderData ? booth.next_id : null;
  const goTo = (target: number | null) => (target === null ? null : () => void navigate(boothHref(target)));
  const goPrevious = goTo(previousId);
  const goNext = goTo(nextId);
  useArrowKeys({ rtl, onBackward: goPrevious, onForward: goNext });

  const goToPage = (p: number, replace = false) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next, { replace });
  };
  const pastTheEnd = usePastTheEnd(toys.isPlaceholderData ? undefined : toys.data, BOOTH_PAGE_SIZE, (p) =>
    goToPage(p, true),
  );

  if (id === null || (detail.isError && isNotFound(detail.error) && !detail.isPlaceholderData)) {
    return (
      <div className={pageClasses.page}>
        <h1 className={pageClasses.title}>{t('web.pages.booth')}</h1>
        <div style={{ marginBlockStart: 'var(--mantine-spacing-lg)' }}>
          <NothingHere icon={<StoreIcon width="100%" height="100%" />}>
            {t('catalog.boothNotFound')}
          </NothingHere>
        </div>
        <p>
          <Link to={PATHS.showroom} className={classes.backLink}>
            {t('web.showroom.backToShowroom')}
          </Link>
        </p>
      </div>
    );
  }

  let head;
  if (detail.isPending) head = <HeadSkeleton />;
  else if (!booth) head = <LoadFailed onRetry={() => void detail.refetch()} />;
  else {
    head = (
      <header className={classes.viewerHead} aria-busy={detail.isPlaceholderData || undefined}>
        <div className={classes.viewerTitleRow}>
          <span className={classes.viewerNumber} dir="ltr" aria-hidden="true">
            {booth.booth_number}
          </span>
          <div>
            <h1 className={classes.viewerTitle} dir="auto">
              <span className={classes.visuallyHidden}>
                {t('web.showroom.boothNumber', { number: booth.booth_number })}
              </span>{' '}
              {booth.name}
            </h1>
            <p className={classes.viewerMeta}>
              <bdi>{booth.showroom.name}</bdi>
              {' · '}
              {t('web.showroom.productCount', { n: formatNumber(booth.product_count) })}
            </p>
          </div>
        </div>
        <nav className={classes.viewerNav} aria-label={t('web.showroom.boothNavigation')}>
          <Button
            classNames={{ root: classes.navButton, label: classes.navLabel }}
            variant="default"
            leftSection={<ChevronPreviousIcon className={pageClasses.mirror} />}
            disabled={!goPrevious}
            onClick={goPrevious ?? undefined}
            aria-keyshortcuts={rtl ? 'ArrowRight' : 'ArrowLeft'}
          >
            {t('web.showroom.previousBooth')}
          </Button>
          <Button
            classNames={{ root: classes.navButton, label: classes.navLabel }}
            rightSection={<ChevronNextIcon className={pageClasses.mirror} />}
            disabled={!goNext}
            onClick={goNext ?? undefined}
            aria-keyshortcuts={rtl ? 'ArrowLeft' : 'ArrowRight'}
          >
            {t('web.showroom.nextBooth')}
          </Button>
          <p className={classes.hint}>{t('web.showroom.arrowHint')}</p>
        </nav>
      </header>
    );
  }

  let products;
  const data = toys.data;
  const pages = data ? pageCount(data.total, BOOTH_PAGE_SIZE) : 1;
  if (toys.isPending || pastTheEnd) products = <ProductGrid products={[]} loading skeletonCount={8} />;
  else if (!data) products = <LoadFailed onRetry={() => void toys.refetch()} />;
  else if (data.list.length === 0) {
    products = (
      <EmptyState
        title={t('web.showroom.noProducts')}
        message={t('web.showroom.noProductsHint')}
        backTo={PATHS.showroom}
        backLabel={t('web.showroom.backToShowroom')}
      />
    );
  } else {
    products = (
      <>
        <div
          className={classes.products}
          data-stale={toys.isPlaceholderData || undefined}
          aria-busy={toys.isPlaceholderData || undefined}
        >
          <ProductGrid
            products={data.list}
            headingLevel={3}
            priorityCount={PRIORITY_CARDS}
            label={t('web.showroom.productsOf', { name: booth?.name ?? '' })}
          />
        </div>
        <Pager
          className={classes.pager}
          page={page}
          pages={pages}
          onChange={(p) => {
            goToPage(p);
            productsTop.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  return (
    <div className={pageClasses.page}>
      <nav aria-label={t('web.showroom.breadcrumb')}>
        <ol className={classes.crumbs}>
          <li>
            <Link to={PATHS.showroom}>{booth?.showroom.name || t('web.pages.showroom')}</Link>
          </li>
          <li aria-hidden="true">
            <ChevronNextIcon className={pageClasses.mirror} />
          </li>
          <li aria-current="page">
            <bdi>{booth?.booth_number ?? t('web.pages.booth')}</bdi>
          </li>
        </ol>
      </nav>
      {head}
      <h2 ref={productsTop} className={classes.productsTitle}>
        {t('web.showroom.products')}
      </h2>
      {products}
    </div>
  );
}
