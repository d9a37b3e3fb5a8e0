import type { CallResponse } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPicture } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import classes from './home.module.css';

/**
 * The booths of /home's last section, each opening its booth viewer. A chunk of its own, loaded
 * when the section nears the screen with its answer: none of it is needed for /home's first paint.
 */
export default function BoothList({
  booths,
  compact,
  label,
}: {
  booths: CallResponse<'get_booth_list'>;
  compact: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={compact ? classes.boothsCompact : classes.booths} aria-label={label}>
      {booths.slice(0, compact ? 8 : 6).map((b) => (
        <li key={b.id}>
          <Link to={`/booth?id=${b.id}`} className={classes.booth}>
            <ProductPicture
              src={b.picture}
              alt=""
              ratio={4 / 3}
              sizes="(max-width: 36em) 50vw, 240px"
              fit="cover"
              className={classes.boothPicture}
            />
            <span className={classes.boothText}>
              <span className={classes.boothName}>{b.name}</span>
              <span className={classes.boothMeta}>
                {t('web.home.boothNumber', { number: b.booth_number })} ·{' '}
                {t('web.home.boothProducts', { total: formatNumber(b.product_count) })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
