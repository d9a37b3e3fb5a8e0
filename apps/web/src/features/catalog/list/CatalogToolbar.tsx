import type { ProductFlagFilter, ProductSort } from '@vitrine/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductViewMode } from '../../../components/product';
import { SelectField } from '../../../components/SelectField';
import { useChosen } from '../../../lib/useChosen';
import { useSite } from '../../../app/layout/useShowroom';
import {
  type CatalogParams,
  isNewMonths,
  NEW_PRODUCT_MONTHS,
  PRODUCT_FLAG_FILTERS,
  sortsFor,
} from './params';
import type { UpdateCatalog } from './useCatalogParams';
import { useSelectCommit } from './useSelectCommit';
import classes from './catalog.module.css';

export interface CatalogToolbarProps {
  params: CatalogParams;
  update: UpdateCatalog;
  /** Offer the flag filter (the whole catalogue). */
  withFlags?: boolean;
  /** Offer the 3/6/9/12-month filter (always on the new-product area; with flag=new otherwise). */
  withMonths?: boolean;
  /** Extra controls first (the category select on phones). */
  children?: ReactNode;
}

const VIEW_MODES: readonly ProductViewMode[] = ['thumbnail', 'list'];

/** Sorting, filters and the display mode; every change is written to the address. */
export function CatalogToolbar({
  params,
  update,
  withFlags = false,
  withMonths = false,
  children,
}: CatalogToolbarProps) {
  const { t } = useTranslation();
  const sorts = sortsFor(useSite()?.show_price === 1);
  const sortLabel: Record<ProductSort, string> = {
    default: t('web.catalog.sort.default'),
    entry_time: t('web.catalog.sort.entry_time'),
    price_desc: t('web.catalog.sort.price_desc'),
    price_asc: t('web.catalog.sort.price_asc'),
    update_time: t('web.catalog.sort.update_time'),
    popularity: t('web.catalog.sort.popularity'),
  };
  const flagLabel: Record<ProductFlagFilter, string> = {
    new: t('web.catalog.filter.new'),
    recommend: t('web.catalog.filter.recommend'),
    spot: t('web.catalog.filter.spot'),
    gcc: t('web.catalog.filter.gcc'),
    cash_sale: t('web.catalog.filter.cash_sale'),
    '3d': t('web.catalog.filter.3d'),
    hot: t('web.catalog.filter.hot'),
  };
  // Each control shows the buyer's choice at once, while the address catches up.
  const [sort, chooseSort] = useChosen(params.sort);
  const [flag, chooseFlag] = useChosen(params.flag);
  const [months, chooseMonths] = useChosen(params.months);
  const [viewMode, chooseViewMode] = useChosen(params.mode);
  const showMonths = withMonths || flag === 'new';
  // The arrow keys walk through each list; the results follow on Enter or on leaving it.
  const sortSelect = useSelectCommit(chooseSort, (next: ProductSort) => update({ sort: next }));
  const flagSelect = useSelectCommit(chooseFlag, (next: ProductFlagFilter | null) =>
    update((current) => ({ flag: next, months: next === 'new' ? current.months : null })),
  );
  const monthsSelect = useSelectCommit(chooseMonths, (next: CatalogParams['months']) =>
    update({ months: next }),
  );
  const modeId = useId();
  const modeLabel: Record<ProductViewMode, string> = {
    thumbnail: t('web.catalog.mode.thumbnail'),
    list: t('web.catalog.mode.list'),
  };
  return (
    <div className={classes.toolbar}>
      {children}
      <SelectField
        label={t('web.catalog.sort.label')}
        value={sort}
        onChange={(e) => sortSelect.change(e.currentTarget.value as ProductSort)}
        onKeyDown={sortSelect.onKeyDown}
        onBlur={sortSelect.onBlur}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {sortLabel[s]}
          </option>
        ))}
      </SelectField>
      {withFlags ? (
        <SelectField
          label={t('web.catalog.filter.label')}
          value={flag ?? ''}
          onChange={(e) => flagSelect.change((e.currentTarget.value || null) as ProductFlagFilter | null)}
          onKeyDown={flagSelect.onKeyDown}
          onBlur={flagSelect.onBlur}
        >
          <option value="">{t('web.catalog.filter.all')}</option>
          {PRODUCT_FLAG_FILTERS.map((f) => (
            <option key={f} value={f}>
              {flagLabel[f]}
            </option>
          ))}
        </SelectField>
      ) : null}
      {showMonths ? (
        <SelectField
          label={t('web.catalog.months.label')}
          value={months === null ? '' : String(months)}
          onChange={(e) => {
            const n = e.currentTarget.value ? Number(e.currentTarget.value) : null;
            monthsSelect.change(isNewMonths(n) ? n : null);
          }}
          onKeyDown={monthsSelect.onKeyDown}
          onBlur={monthsSelect.onBlur}
        >
          <option value="">{t('web.catalog.months.any')}</option>
          {NEW_PRODUCT_MONTHS.map((m) => (
            <option key={m} value={String(m)}>
              {t('web.catalog.months.n', { months: m })}
            </option>
          ))}
        </SelectField>
      ) : null}
      {/*
       * Two native radios drawn as a segmented control: the arrow keys move between them, and
       * the chosen one is marked by CSS alone. (Mantine's SegmentedControl measured its
       * indicator's place on mounting, which laid out the whole page inside the first render.)
       */}
      <div className={classes.mode}>
        <span className={classes.modeLabel} id={`${modeId}-label`}>
          {t('web.catalog.mode.label')}
        </span>
        <div role="radiogroup" aria-labelledby={`${modeId}-label`} className={classes.segments}>
          {VIEW_MODES.map((mode) => (
            <label key={mode} className={classes.segment}>
              <input
                type="radio"
                name={`${modeId}-mode`}
                value={mode}
                checked={viewMode === mode}
                onChange={() => {
                  chooseViewMode(mode);
                  update((current) => ({ mode, page: current.page }), { replace: true, keepScroll: true });
                }}
              />
              <span>{modeLabel[mode]}</span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}
