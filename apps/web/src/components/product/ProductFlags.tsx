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

/** The message of each flag's badge. */
const FLAG_LABELS = {
  is_new: 'web.product.flags.new',
  is_hot: 'web.product.flags.hot',
  is_spot: 'web.product.flags.spot',
  is_gcc: 'web.product.flags.gcc',
  is_3d: 'web.product.flags.3d',
  is_recommend: 'web.product.flags.recommend',
  is_cash_sale: 'web.product.flags.cashSale',
} as const satisfies Record<FlagKey, string>;

/** The badges of a product's flags; each says what it means in text. */
export function ProductFlags({ flags, className }: { flags: ProductCard['flags']; className?: string }) {
  const { t } = useTranslation();
  const on = FLAG_BADGES.filter((f) => flags[f] === 1);
  if (on.length === 0) return null;
  return (
    <ul
      className={[classes.flags, className].filter(Boolean).join(' ')}
      aria-label={t('web.product.flags.label')}
    >
      {on.map((f) => (
        <li key={f} className={classes.flag} data-flag={f}>
          {t(FLAG_LABELS[f])}
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
