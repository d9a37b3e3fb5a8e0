import { SHOWROOM_CONTENT, useApiQuery } from '../../../lib/query';
import { BannerCarousel } from './BannerCarousel';
import { type BannerVariant, HOME_BANNERS } from './banner-picture';
import { BoothsSection, Categories, ProductSection, TopSellingSection } from './parts';
import { PRODUCT_SECTIONS } from './sections';
import classes from './home.module.css';

/** While the banners load, a box of their size (nothing shifts when they arrive). */
export function BannerSlot({ variant }: { variant: BannerVariant }) {
  const query = useApiQuery('get_advert', HOME_BANNERS, SHOWROOM_CONTENT);
  if (!query.data)
    return (
      <div
        className={`${classes.bannerSkeleton} ${classes.shimmer}`}
        data-variant={variant}
        aria-hidden="true"
      />
    );
  return <BannerCarousel banners={query.data} variant={variant} />;
}

/** Style 1, classic: a full-width carousel, category tiles, then horizontal shelves. */
export function ClassicHome() {
  return (
    <div className={classes.classic}>
      <BannerSlot variant="wide" />
      <div className={classes.container}>
        <Categories look="tiles" />
        {PRODUCT_SECTIONS.map((def) => (
          <ProductSection key={def.key} def={def} variant="plain" block="shelf" />
        ))}
        <TopSellingSection variant="plain" block="shelf" />
        <BoothsSection variant="plain" />
      </div>
    </div>
  );
}

/** Style 2, colour bar: the banner beside a category sidebar, then grid sections under coloured bars. */
export function SidebarHome() {
  return (
    <div className={`${classes.container} ${classes.sidebarHome}`}>
      <div className={classes.hero2}>
        <Categories look="sidebar" />
        <BannerSlot variant="boxed" />
      </div>
      {PRODUCT_SECTIONS.map((def) => (
        <ProductSection key={def.key} def={def} variant="bar" block="grid" />
      ))}
      <TopSellingSection variant="bar" block="grid" />
      <BoothsSection variant="bar" />
    </div>
  );
}

/** Style 3, centred editorial: big centred headers and two-column feature blocks that alternate sides. */
export function EditorialHome() {
  return (
    <div className={`${classes.narrow} ${classes.editorial}`}>
      <BannerSlot variant="editorial" />
      <Categories look="pills" />
      {PRODUCT_SECTIONS.map((def, i) => (
        <ProductSection key={def.key} def={def} variant="editorial" block="feature" flip={i % 2 === 1} />
      ))}
      <TopSellingSection variant="editorial" block="feature" />
      <BoothsSection variant="editorial" />
    </div>
  );
}
