import type { ProductCard } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import classes from './product.module.css';

type FlagKey = keyof ProductCard['flags'];

/** The flags shown as badges, in this order. */
export const FLAG_BADGES: readonly FlagKey[] = [
  'is_new',
  'is_hot',
  'is_spot',
  'is_gcc',
  'is_3d',
  'is_recommend',
  'is_cash_sale',
];

/** The badges of a product's flags; each says what it means in text. */
export function ProductFlags({ flags, className }: { flags: ProductCard['flags']; className?: string }) {
  const { t } = useTranslation();
  const on = FLAG_BADGES.filter((f) => flags[f] === 1);
  if (on.length === 0) return null;
  const label: Record<FlagKey, string> = {
    is_new: t('web.product.flags.new'),
    is_hot: t('web.product.flags.hot'),
    is_spot: t('web.product.flags.spot'),
    is_gcc: t('web.product.flags.gcc'),
    is_3d: t('web.product.flags.3d'),
    is_recommend: t('web.product.flags.recommend'),
    is_cash_sale: t('web.product.flags.cashSale'),
  };
  return (
    <ul
      className={[classes.flags, className].filter(Boolean).join(' ')}
      aria-label={t('web.product.flags.label')}
    >
      {on.map((f) => (
        <li key={f} className={classes.flag} data-flag={f}>
          {label[f]}
        </li>
      ))}
    </ul>
  );
}

/** The 'expired' mark of an expired product. */
export function ExpiredMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={[classes.expired, className].filter(Boolean).join(' ')}>{t('web.product.expired')}</span>
  );
}
