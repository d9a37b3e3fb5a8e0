import { Badge, Skeleton, Tabs } from '@mantine/core';
import { NEWS_CATEGORIES } from '@vitrine/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { ProductPicture } from '../../../components/product';
import { useApiQuery } from '../../../lib/query';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import { NewsIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { Pager } from '../../../components/page/Pager';
import { ShownInNote, writtenIn } from '../../../components/page/WrittenIn';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { CalendarChip } from '../components/CalendarChip';
import '../components/mantine-styles';
import {
  CATEGORY_LABELS,
  categoryFrom,
  NEWS_PAGE_SIZE,
  type NewsCategory,
  pageFrom,
} from '../components/news';
import classes from '../components/news.module.css';

const ALL = 'all';

function ListSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingNote />
      <ul className={classes.list} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={classes.item}>
            <Skeleton className={classes.chip} radius="md" />
            <div className={classes.itemBody}>
              <Skeleton height={20} width="65%" radius="sm" mb={12} />
              <Skeleton height={12} width="95%" radius="sm" mb={8} />
              <Skeleton height={12} width="80%" radius="sm" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /companyNews: the company's news in four categories (tabs, in the URL), newest first, paged. */
export default function CompanyNewsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  const page = pageFrom(params.get('page'));
  const listTop = useRef<HTMLDivElement>(null);
  const query = useApiQuery('get_company_new', {
    page,
    page_size: NEWS_PAGE_SIZE,
    ...(category ? { category } : {}),
  });

  const go = (next: { category?: NewsCategory; page?: number }, replace = false) => {
    const search = new URLSearchParams();
    if (next.category) search.set('category', String(next.category));
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace });
  };
  const pastTheEnd = usePastTheEnd(query.isPlaceholderData ? undefined : query.data, NEWS_PAGE_SIZE, (p) =>
    go({ category, page: p }, true),
  );

  const data = query.data;
  const pages = data ? pageCount(data.total, NEWS_PAGE_SIZE) : 1;

  let body;
  if (query.isPending || pastTheEnd) body = <ListSkeleton />;
  else if (query.isError && !data) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (!data || data.list.length === 0) {
    body = <NothingHere icon={<NewsIcon width="100%" height="100%" />}>{t('web.news.empty')}</NothingHere>;
  } else {
    // One language for the page's items (the server picks it), but for those written for all.
    const shownIn = data.list.find((item) => item.lang)?.lang ?? '';
    body = (
      <>
        <ShownInNote lang={shownIn} />
        <ol
          className={classes.list}
          aria-busy={query.isPlaceholderData || undefined}
          data-stale={query.isPlaceholderData || undefined}
        >
          {data.list.map((item) => (
            <li key={item.id} className={classes.item}>
              <CalendarChip month={item.month} day={item.day} publishedAt={item.published_at} />
              <article className={classes.itemBody}>
                <h2 className={classes.itemTitle} dir="auto" lang={writtenIn(item.lang).lang}>
                  <Link
                    to={`${PATHS.newsDetails}?id=${item.id}`}
                    state={{ from: location.pathname + location.search }}
                    className={classes.itemLink}
                  >
                    {item.title}
                  </Link>
                </h2>
                {!category && CATEGORY_LABELS[item.category as NewsCategory] ? (
                  <Badge variant="light" radius="sm" size="sm" className={classes.badge}>
                    {t(CATEGORY_LABELS[item.category as NewsCategory])}
                  </Badge>
                ) : null}
                {item.summary ? (
                  <p className={classes.summary} dir="auto" lang={writtenIn(item.lang).lang}>
                    {item.summary}
                  </p>
                ) : null}
              </article>
              {item.cover ? (
                <div className={classes.cover}>
                  <ProductPicture
                    src={item.cover}
                    alt=""
                    ratio={4 / 3}
                    fit="cover"
                    sizes="9rem"
                    defaultWidth={160}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
        <Pager
          className={classes.pager}
          page={page}
          pages={pages}
          onChange={(p) => {
            go({ category, page: p });
            listTop.current?.scrollIntoView({ block: 'start' });
          }}
        />
      </>
    );
  }

  const tabs: { value: string; label: string }[] = [
    { value: ALL, label: t('web.news.category.all') },
    ...NEWS_CATEGORIES.map((c) => ({ value: String(c), label: t(CATEGORY_LABELS[c]) })),
  ];
  const current = category ? String(category) : ALL;

  return (
    <div className={pageClasses.page}>
      <header className={pageClasses.header}>
        <h1 className={pageClasses.title}>{t('web.pages.companyNews')}</h1>
      </header>
      <div ref={listTop} className={classes.anchor} />
      <Tabs
        value={current}
        onChange={(value) => go({ category: categoryFrom(value) })}
        keepMounted={false}
        classNames={{ list: classes.tabList, tab: classes.tab }}
      >
        <Tabs.List aria-label={t('web.news.categories')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} className={classes.panel}>
            {tab.value === current ? body : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </div>
  );
}
