import { Skeleton } from '@mantine/core';
import type { CallResponse } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { ProductPicture } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import { useApiQuery } from '../../../lib/query';
import { LocationIcon, StoreIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { Paragraphs } from '../../../components/page/Paragraphs';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { BoothCard, BoothCardSkeleton } from '../components/BoothCard';
import classes from '../components/showroom.module.css';

type Showroom = CallResponse<'get_showroom'>[number];
type Booth = CallResponse<'get_booth_list'>[number];

function ShowroomSection({
  showroom,
  booths,
  first,
}: {
  showroom: Showroom;
  booths: Booth[];
  first: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `showroom-${showroom.id}`;
  return (
    <section className={classes.showroom} aria-labelledby={headingId}>
      <div className={classes.intro}>
        <div className={classes.introMedia}>
          {showroom.picture ? (
            <ProductPicture
              src={showroom.picture}
              alt=""
              ratio={16 / 9}
              fit="cover"
              priority={first}
              sizes="(max-width: 62em) 100vw, 480px"
              defaultWidth={800}
            />
          ) : (
            <StoreIcon className={classes.introIcon} width="100%" height="100%" strokeWidth={1.4} />
          )}
        </div>
        <div className={classes.introBody}>
          <h2 id={headingId} className={classes.showroomName} dir="auto">
            {showroom.name}
          </h2>
          <ul className={classes.facts}>
            {showroom.address ? (
              <li className={classes.fact}>
                <LocationIcon width={18} height={18} />
                <span>
                  <span className={classes.visuallyHidden}>{t('web.footer.address')}: </span>
                  <span dir="auto">{showroom.address}</span>
                </span>
              </li>
            ) : null}
            <li className={classes.fact}>
              <StoreIcon width={18} height={18} />
              <span>{t('web.showroom.boothCount', { n: formatNumber(showroom.booth_count) })}</span>
            </li>
          </ul>
          {showroom.description ? (
            <Paragraphs text={showroom.description} className={classes.description} />
          ) : null}
        </div>
      </div>
      <div className={classes.sectionHead}>
        <h3 className={classes.sectionTitle}>{t('web.showroom.booths')}</h3>
      </div>
      {booths.length === 0 ? (
        <NothingHere icon={<StoreIcon width="100%" height="100%" />}>
          {t('web.showroom.noBooths')}
        </NothingHere>
      ) : (
        <ul className={classes.booths}>
          {booths.map((booth, i) => (
            <li key={booth.id}>
              <BoothCard booth={booth} priority={first && i < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ShowroomSkeleton() {
  return (
    <div aria-busy="true" className={classes.showroom}>
      <LoadingNote />
      <div className={classes.intro} aria-hidden="true">
        <div className={`${classes.introMedia} ${classes.shimmer}`} />
        <div className={classes.introBody}>
          <Skeleton height={26} width="60%" radius="sm" mb={8} />
          <Skeleton height={12} width="80%" radius="sm" mb={8} />
          <Skeleton height={12} width="90%" radius="sm" mb={8} />
          <Skeleton height={12} width="70%" radius="sm" />
        </div>
      </div>
      <ul className={classes.booths} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <BoothCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /showroom: the company's showroom(s), with address and description, and their booths. */
export default function ShowroomPage() {
  const { t } = useTranslation();
  const showrooms = useApiQuery('get_showroom', {});
  const booths = useApiQuery('get_booth_list', {});

  let body;
  if (showrooms.isPending || booths.isPending) body = <ShowroomSkeleton />;
  else if ((showrooms.isError && !showrooms.data) || (booths.isError && !booths.data)) {
    body = (
      <LoadFailed
        onRetry={() => {
          if (showrooms.isError) void showrooms.refetch();
          if (booths.isError) void booths.refetch();
        }}
      />
    );
  } else if (showrooms.data.length === 0) {
    body = (
      <NothingHere icon={<StoreIcon width="100%" height="100%" />}>{t('web.showroom.empty')}</NothingHere>
    );
  } else {
    const all = booths.data;
    body = showrooms.data.map((s, i) => (
      <ShowroomSection
        key={s.id}
        showroom={s}
        booths={all.filter((b) => b.showroom_id === s.id)}
        first={i === 0}
      />
    ));
  }

  return (
    <div className={pageClasses.page}>
      <header className={pageClasses.header}>
        <h1 className={pageClasses.title}>{t('web.pages.showroom')}</h1>
        <p className={pageClasses.lead}>{t('web.showroom.lead')}</p>
      </header>
      {body}
    </div>
  );
}
