import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplateStyle } from '../../../app/layout/useShowroom';
import { BannerSlot, ClassicHome, EditorialHome, SidebarHome } from '../home/HomeLayouts';
import classes from '../home/home.module.css';

// The compact style (4) brings tabs of its own: loaded only by the showrooms that use it.
const CompactHome = lazy(() => import('../home/CompactHome'));

/**
 * /home: banners, category entry points, new arrivals, spot, GCC, hot and top-selling by region,
 * recommended and 3D products, and the showroom's booths, each with a link to its full list.
 * The layout follows template_style: 1 classic shelves, 2 sidebar and grids, 3 centred editorial,
 * 4 compact tabs. Kept alive: the router restores the scroll position, tab and region live in
 * the address, and the lists come back from the query cache at once.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const style = useTemplateStyle();
  const Layout =
    style === 2 ? SidebarHome : style === 3 ? EditorialHome : style === 4 ? CompactHome : ClassicHome;
  return (
    <div className={classes.home} data-style={style}>
      <h1 className={classes.srOnly}>{t('web.pages.home')}</h1>
      <Suspense
        fallback={
          <div className={classes.container}>
            <BannerSlot variant="strip" />
          </div>
        }
      >
        <Layout />
      </Suspense>
    </div>
  );
}
