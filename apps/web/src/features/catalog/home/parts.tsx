import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProductPicture } from '../../../components/product';
import { SelectField } from '../../../components/SelectField';
import { formatNumber } from '../../../lib/format';
import { SHOWROOM_CONTENT, useApiQuery, useApiQueryWhenNear } from '../../../lib/query';
import { useCurrentSearch } from '../../../lib/useCurrentSearch';
import { catalogHref } from '../list/params';
import { HomeSection, type HomeSectionProps } from './HomeSection';
import { type BlockVariant, ProductsBlock } from './ProductsBlock';
import { BOOTHS_MORE, SECTION_SIZE, type SectionDef, topSellingMore } from './sections';
import skeleton from '../../../components/skeleton.module.css';
import classes from './home.module.css';

type SectionVariant = HomeSectionProps['variant'];

// Every section call takes the same page body and answers the same page shape.
const SECTION_BODY = { page: 1, page_size: SECTION_SIZE };

/** The products of one home section (new arrivals, spot, …). */
export function useSectionProducts(def: SectionDef) {
  return useApiQuery(def.call as 'get_stock_toy', SECTION_BODY);
}

export function ProductSection({
  def,
  variant,
  block,
  flip,
}: {
  def: SectionDef;
  variant: SectionVariant;
  block: BlockVariant;
  flip?: boolean;
}) {
  const { t } = useTranslation();
  // Below the fold, a section's products (their call, cards and pictures) wait until it nears the screen.
  const [ref, { data }, near] = useApiQueryWhenNear(def.call as 'get_stock_toy', SECTION_BODY);
  if (def.hideWhenEmpty && data && data.list.length === 0) return null;
  const title = t(def.title);
  return (
    <HomeSection
      ref={ref}
      title={title}
      more={def.more}
      variant={variant}
      className={near ? undefined : skeleton.idle}
    >
      <ProductsBlock products={data?.list} variant={block} flip={flip} label={title} idle={!near} />
    </HomeSection>
  );
}

/**
 * A home value kept in the address (replaced, not pushed), so going back restores it. A change
 * keeps the other values of the address as it is then, not as this page was drawn with (a tab
 * chosen a moment before may not be on screen yet: see useCurrentSearch).
 */
export function useHomeParam(name: string): [string, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const currentSearch = useCurrentSearch();
  const value = search.get(name) ?? '';
  const set = (next: string) => {
    const s = currentSearch();
    if (next) s.set(name, next);
    else s.delete(name);
    setSearch(s, { replace: true, preventScrollReset: true });
  };
  return [value, set];
}

/** The region selector of the top-selling list. */
function RegionSelect({
  value,
  onChange,
  load,
}: {
  value: string;
  onChange(value: string): void;
  /** Fetch the regions (the section has come near the screen). */
  load: boolean;
}) {
  const { t } = useTranslation();
  const regions = useApiQuery('get_location_list', {}, { ...SHOWROOM_CONTENT, enabled: load });
  return (
    <SelectField
      className={classes.region}
      size="xs"
      label={t('web.home.region')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      <option value="">{t('web.home.allRegions')}</option>
      {(regions.data ?? []).map((r) => (
        <option key={r.id} value={String(r.id)}>
          {r.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Top-selling products of a buyer region (get_hot), with the region selector. */
export function TopSellingSection({ variant, block }: { variant: SectionVariant; block: BlockVariant }) {
  const { t } = useTranslation();
  const [region, setRegion] = useHomeParam('region');
  const areaId = /^\d+$/.test(region) ? Number(region) : undefined;
  const [ref, { data }, near] = useApiQueryWhenNear('get_hot', {
    page: 1,
    page_size: SECTION_SIZE,
    ...(areaId ? { area_id: areaId } : {}),
  });
  const title = t('web.home.topSelling');
  return (
    <HomeSection
      ref={ref}
      title={title}
      more={topSellingMore(areaId)}
      variant={variant}
      className={near ? undefined : skeleton.idle}
      extra={<RegionSelect value={region} onChange={setRegion} load={near} />}
    >
      <ProductsBlock products={data?.list} variant={block} label={title} idle={!near} />
    </HomeSection>
  );
}

/** The top-level categories as picture tiles, a sidebar list or text pills. */
export function Categories({ look }: { look: 'tiles' | 'sidebar' | 'pills' }) {
  const { t } = useTranslation();
  const { data } = useApiQuery('get_parent_category', {}, SHOWROOM_CONTENT);
  const title = t('web.home.categories');
  const cats = data ?? [];
  if (look === 'sidebar') {
    return (
      <nav className={classes.catSidebar} aria-label={title}>
        <h2 className={classes.catSidebarTitle}>{title}</h2>
        <ul>
          {(data ? cats : Array.from({ length: 8 }, () => null)).map((c, i) => (
            <li key={c?.id ?? `s${i}`}>
              {c ? (
                <Link to={catalogHref({ category: c.id })} className={classes.catSidebarLink}>
                  <ProductPicture
                    src={c.picture}
                    alt=""
                    ratio={1}
                    defaultWidth={160}
                    sizes="28px"
                    className={classes.catIcon}
                  />
                  <span>{c.name}</span>
                </Link>
              ) : (
                <span className={classes.catSidebarLink} aria-hidden="true">
                  <span className={`${classes.catIcon} ${classes.shimmer}`} />
                  <span className={`${classes.line} ${classes.shimmer}`} />
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  if (data && cats.length === 0) return null;
  return (
    <nav className={look === 'tiles' ? classes.catTiles : classes.catPills} aria-label={title}>
      <h2 className={look === 'pills' ? classes.srOnly : classes.catHeading}>{title}</h2>
      <ul>
        {(data ? cats : Array.from({ length: 8 }, () => null)).map((c, i) => (
          <li key={c?.id ?? `s${i}`}>
            {c ? (
              <Link to={catalogHref({ category: c.id })} className={classes.catLink}>
                {look === 'tiles' ? (
                  <ProductPicture
                    src={c.picture}
                    alt=""
                    ratio={1}
                    defaultWidth={160}
                    sizes="88px"
                    className={classes.catPicture}
                  />
                ) : null}
                <span className={classes.catName}>{c.name}</span>
              </Link>
            ) : (
              <span className={classes.catLink} aria-hidden="true">
                {look === 'tiles' ? <span className={`${classes.catPicture} ${classes.shimmer}`} /> : null}
                <span className={`${classes.line} ${classes.shimmer}`} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The showroom's booths (get_booth_list), each opening its booth viewer. */
export function BoothsSection({ variant, compact = false }: { variant: SectionVariant; compact?: boolean }) {
  const { t } = useTranslation();
  const [ref, { data }, near] = useApiQueryWhenNear('get_booth_list', {}, SHOWROOM_CONTENT);
  if (data && data.length === 0) return null;
  const title = t('web.home.booths');
  return (
    <HomeSection
      ref={ref}
      title={title}
      more={BOOTHS_MORE}
      variant={variant}
      className={near ? undefined : skeleton.idle}
    >
      <ul className={compact ? classes.boothsCompact : classes.booths} aria-label={title}>
        {(data ? data.slice(0, compact ? 8 : 6) : Array.from({ length: 4 }, () => null)).map((b, i) => (
          <li key={b?.id ?? `s${i}`}>
            {b ? (
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
            ) : (
              <span className={classes.booth} aria-hidden="true">
                <span className={`${classes.boothPicture} ${classes.shimmer}`} />
                <span className={`${classes.line} ${classes.shimmer}`} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
