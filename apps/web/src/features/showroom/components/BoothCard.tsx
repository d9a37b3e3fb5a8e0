import type { CallResponse } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { ProductPicture } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import classes from './showroom.module.css';

type Booth = CallResponse<'get_booth_list'>[number];

export const boothHref = (id: number): string => `${PATHS.booth}?id=${id}`;

/** A booth of the showroom: picture, number, name and product count; the whole card opens it. */
export function BoothCard({ booth, priority = false }: { booth: Booth; priority?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className={classes.booth}>
      <div className={classes.boothMedia}>
        <ProductPicture
          src={booth.picture}
          alt=""
          ratio={4 / 3}
          fit="cover"
          priority={priority}
          sizes="(max-width: 36em) 50vw, (max-width: 62em) 33vw, 280px"
        />
        <span className={classes.boothNumber} dir="ltr">
          {booth.booth_number}
        </span>
      </div>
      <div className={classes.boothBody}>
        <h3 className={classes.boothName} dir="auto">
          <Link to={boothHref(booth.id)} className={classes.boothLink}>
            <span className={classes.visuallyHidden}>
              {t('web.showroom.boothNumber', { number: booth.booth_number })}
            </span>{' '}
            {booth.name}
          </Link>
        </h3>
        <p className={classes.boothCount}>
          {t('web.showroom.productCount', { n: formatNumber(booth.product_count) })}
        </p>
      </div>
    </article>
  );
}

/** A booth card's shape while the booths load. */
export function BoothCardSkeleton() {
  return (
    <div className={classes.booth} aria-hidden="true">
      <div className={`${classes.boothMedia} ${classes.shimmer}`} />
      <div className={classes.boothBody}>
        <span className={`${classes.line} ${classes.shimmer}`} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ inlineSize: '45%' }} />
      </div>
    </div>
  );
}
