import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BannerSlot } from './HomeLayouts';
import { HomeSection } from './HomeSection';
import { BoothsSection, Categories, TopSellingSection, useHomeParam, useSectionProducts } from './parts';
import { ProductsBlock } from './ProductsBlock';
import { PRODUCT_SECTIONS, type SectionDef, topSellingMore } from './sections';
import classes from './home.module.css';

function TabPanelProducts({ def }: { def: SectionDef }) {
  const { t } = useTranslation();
  const { data } = useSectionProducts(def);
  return <ProductsBlock products={data?.list} variant="dense" label={t(def.title)} />;
}

const THREE_D: SectionDef = PRODUCT_SECTIONS.find((d) => d.key === '3d') ?? {
  key: '3d',
  call: 'get_3d_toy',
  title: 'web.home.threeD',
  more: '/productDisplay?flag=3d',
  hideWhenEmpty: true,
};

/** Whether a section has products (3D is left out of the tabs when it has none). */
function useHasProducts(def: SectionDef): boolean {
  const { data } = useSectionProducts(def);
  return !def.hideWhenEmpty || !data || data.list.length > 0;
}

/** Style 4, compact: a banner strip, category pills, and one dense grid with tabs switching sections. */
export default function CompactHome() {
  const { t } = useTranslation();
  const [tab, setTab] = useHomeParam('tab');
  const [region] = useHomeParam('region');
  const has3d = useHasProducts(THREE_D);
  const sections = PRODUCT_SECTIONS.filter((d) => d.key !== '3d' || has3d);
  const active = sections.some((d) => d.key === tab) || tab === 'top' ? tab : (sections[0]?.key ?? 'new');
  const activeDef = sections.find((d) => d.key === active);
  return (
    <div className={`${classes.container} ${classes.compact}`}>
      <BannerSlot variant="strip" />
      <Categories look="pills" />
      <HomeSection
        title={t('web.home.sections')}
        variant="compact"
        more={activeDef?.more ?? topSellingMore(/^\d+$/.test(region) ? Number(region) : undefined)}
      >
        <Tabs value={active} onChange={(v) => setTab(v ?? '')} keepMounted={false} className={classes.tabs}>
          <Tabs.List>
            {sections.map((d) => (
              <Tabs.Tab key={d.key} value={d.key}>
                {t(d.title)}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="top">{t('web.home.topSelling')}</Tabs.Tab>
          </Tabs.List>
          {sections.map((d) => (
            <Tabs.Panel key={d.key} value={d.key} pt="sm">
              <TabPanelProducts def={d} />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="top" pt="sm">
            <TopSellingSection variant="compact" block="dense" />
          </Tabs.Panel>
        </Tabs>
      </HomeSection>
      <BoothsSection variant="compact" compact />
    </div>
  );
}
