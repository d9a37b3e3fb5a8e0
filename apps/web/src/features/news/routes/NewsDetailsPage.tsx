import { Badge, Skeleton } from '@mantine/core';
import { ErrorCode } from '@vitrine/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { ProductPicture } from '../../../components/product';
import { logEvent } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { ChevronPreviousIcon, NewsIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { Paragraphs } from '../../../components/page/Paragraphs';
import { ShownInNote, writtenIn } from '../../../components/page/WrittenIn';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { useSilentQuery } from '../../../lib/useSilentQuery';
import { CalendarChip } from '../components/CalendarChip';
import '../components/mantine-styles';
import { CATEGORY_LABELS, type NewsCategory } from '../components/news';
import classes from '../components/news.module.css';

/** A positive whole id from the URL, else null. */
const idFrom = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2 ** 31 ? n : null;
};

/** Where "back to the news" leads: the list the buyer came from (its tab and page), else all news. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.toLowerCase().startsWith(PATHS.companyNews.toLowerCase())
    ? from
    : PATHS.companyNews;
}

/**
 * /newsDetails?id=: one news item in full, its text as plain paragraphs (never HTML). Opening it
 * is logged once per view (log_new_click).
 */
export default function NewsDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  const backTo = useBackTo();
  // Silent: a missing item is said on the page, not in a toast as well.
  const query = useSilentQuery(
    'get_company_new',
    { id: id ?? 0, page: 1, page_size: 1 },
    { enabled: id !== null },
  );
  const detail = query.data?.detail ?? null;

  // Once per view of an item: a re-render, a language switch or StrictMode does not count again.
  const logged = useRef<number | null>(null);
  useEffect(() => {
    if (detail && logged.current !== detail.id) {
      logged.current = detail.id;
      logEvent('log_new_click', { id: detail.id });
    }
  }, [detail]);

  const notFound =
    id === null ||
    (query.isSuccess && !detail) ||
    (query.isError && isApiError(query.error) && query.error.code === ErrorCode.FAILED);

  let content;
  if (notFound) {
    content = <NothingHere icon={<NewsIcon width="100%" height="100%" />}>{t('news.notFound')}</NothingHere>;
  } else if (query.isPending) {
    content = (
      <div className={classes.article} aria-busy="true">
        <LoadingNote />
        <Skeleton height={32} width="80%" radius="sm" mb={16} />
        <Skeleton height={14} width="30%" radius="sm" mb={32} />
        {[100, 96, 92, 98, 60].map((w, i) => (
          <Skeleton key={i} height={14} width={`${w}%`} radius="sm" mb={12} />
        ))}
      </div>
    );
  } else if (!detail) {
    content = <LoadFailed onRetry={() => void query.refetch()} />;
  } else {
    const label = CATEGORY_LABELS[detail.category as NewsCategory];
    content = (
      <article className={classes.article}>
        <ShownInNote lang={detail.lang} />
        <header className={classes.articleHead}>
          <CalendarChip month={detail.month} day={detail.day} publishedAt={detail.published_at} />
          <div>
            <h1 className={classes.articleTitle} dir="auto" lang={writtenIn(detail.lang).lang}>
              {detail.title}
            </h1>
            {/* A div: the category badge is a block element, which a <p> may not contain. */}
            <div className={classes.meta}>
              <span>{formatDate(detail.published_at, { style: 'long' })}</span>
              {label ? (
                <Badge variant="light" radius="sm" size="sm" className={classes.badge}>
                  {t(label)}
                </Badge>
              ) : null}
            </div>
          </div>
        </header>
        {detail.cover ? (
          <div className={classes.articleCover}>
            <ProductPicture
              src={detail.cover}
              alt=""
              ratio={16 / 9}
              fit="cover"
              sizes="(max-width: 48em) 100vw, 48rem"
              defaultWidth={800}
              priority
            />
          </div>
        ) : null}
        <div {...writtenIn(detail.lang)}>
          <Paragraphs text={detail.content} />
        </div>
      </article>
    );
  }

  return (
    <div className={pageClasses.page}>
      <div className={classes.detailWrap}>
        <Link to={backTo} className={classes.back}>
          <ChevronPreviousIcon className={pageClasses.mirror} />
          {t('web.news.back')}
        </Link>
      </div>
      {detail ? null : <h1 className={pageClasses.visuallyHidden}>{t('web.pages.newsDetails')}</h1>}
      {content}
    </div>
  );
}
