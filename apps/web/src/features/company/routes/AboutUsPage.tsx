import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../app/layout/useShowroom';
import { PATHS } from '../../../lib/paths';
import { companyName, initialsOf } from '../../../lib/company';
import { useApiQuery } from '../../../lib/query';
import { DocumentIcon, FactoryIcon, StoreIcon, ChevronNextIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { Paragraphs, splitParagraphs } from '../../../components/page/Paragraphs';
import { ShownInNote, writtenIn } from '../../../components/page/WrittenIn';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import classes from './AboutUsPage.module.css';

const MORE = [
  {
    to: PATHS.certificates,
    label: 'web.company.links.certificates',
    hint: 'web.company.links.certificatesHint',
    Icon: DocumentIcon,
  },
  {
    to: PATHS.inspection,
    label: 'web.company.links.inspection',
    hint: 'web.company.links.inspectionHint',
    Icon: FactoryIcon,
  },
  {
    to: PATHS.showroom,
    label: 'web.company.links.showroom',
    hint: 'web.company.links.showroomHint',
    Icon: StoreIcon,
  },
] as const;

function AboutSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingNote />
      <div className={classes.identity}>
        <Skeleton className={classes.logo} radius="lg" />
        <Skeleton height={28} width="55%" radius="sm" />
      </div>
      {[96, 100, 88, 70].map((w, i) => (
        <Skeleton key={i} height={14} width={`${w}%`} radius="sm" mb={12} />
      ))}
    </div>
  );
}

/** /aboutUs: the company's logo, name and introduction (only when show_function.about_us is on). */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const info = useApiQuery('get_company_info', {});
  const name = info.data ? companyName(info.data, lang) : '';
  const about = info.data?.about ?? null;

  let body;
  if (info.isPending) body = <AboutSkeleton />;
  else if (info.isError && !info.data) body = <LoadFailed onRetry={() => void info.refetch()} />;
  else if (info.data) {
    body = (
      <>
        <div className={classes.identity}>
          {info.data.company_logo ? (
            <img className={classes.logo} src={info.data.company_logo} alt="" width={96} height={96} />
          ) : (
            <span className={classes.logo} aria-hidden="true">
              {initialsOf(name)}
            </span>
          )}
          <h2 className={classes.name} dir="auto">
            {name}
          </h2>
        </div>
        {about && splitParagraphs(about.body).length > 0 ? (
          <>
            <ShownInNote lang={about.lang} />
            <div {...writtenIn(about.lang)}>
              <Paragraphs text={about.body} />
            </div>
          </>
        ) : (
          <NothingHere>{t('web.company.aboutEmpty')}</NothingHere>
        )}
      </>
    );
  }

  return (
    <div className={pageClasses.page}>
      <header className={pageClasses.header}>
        <h1 className={pageClasses.title}>{t('web.pages.aboutUs')}</h1>
      </header>
      <div className={classes.layout}>
        <article className={classes.article}>{body}</article>
        <nav className={classes.more} aria-labelledby="about-more">
          <h2 id="about-more" className={classes.moreTitle}>
            {t('web.company.links.title')}
          </h2>
          <ul className={classes.moreList}>
            {MORE.map(({ to, label, hint, Icon }) => (
              <li key={to}>
                <Link to={to} className={classes.moreLink}>
                  <span className={classes.moreIcon}>
                    <Icon width={24} height={24} />
                  </span>
                  <span className={classes.moreText}>
                    <span className={classes.moreLabel}>{t(label)}</span>
                    <span className={classes.moreHint}>{t(hint)}</span>
                  </span>
                  <ChevronNextIcon className={`${classes.moreArrow} ${pageClasses.mirror}`} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
