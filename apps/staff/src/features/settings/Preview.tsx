import { Box, Paper, Text } from '@mantine/core';
import { type SiteSettings, TEMPLATE_COLORS, type TemplateColor } from '@vitrine/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Preview.module.css';

const colorOf = (n: number) => TEMPLATE_COLORS[n as TemplateColor] ?? TEMPLATE_COLORS[1];

/** How many product blocks and columns each layout shows (1 classic, 2 colour bar, 3 centred, 4 compact). */
const GRID: Record<number, { columns: number; cards: number }> = {
  1: { columns: 4, cards: 8 },
  2: { columns: 4, cards: 8 },
  3: { columns: 3, cards: 6 },
  4: { columns: 5, cards: 10 },
};

/**
 * A scaled-down sketch of the buyer's home page from the settings being edited (not yet saved):
 * the header in the theme colour with the logo and name, the chosen layout as blocks, the
 * welcome banner, and the page background.
 */
export function Preview({ settings, english }: { settings: SiteSettings; english: boolean }) {
  const { t } = useTranslation();
  const color = colorOf(settings.template_color);
  const style = GRID[settings.template_style] ? settings.template_style : 1;
  const { columns, cards } = GRID[style] ?? { columns: 4, cards: 8 };
  const name = (english && settings.company_name_en) || settings.company_name;
  const background: CSSProperties = {
    backgroundColor: settings.bg_setting || '#f4f6fb',
    ...(settings.bg_image && settings.bg_image_setting > 0
      ? {
          backgroundImage: `url("${settings.bg_image.replace(/"/g, '%22')}")`,
          backgroundRepeat: settings.bg_image_setting === 1 ? 'repeat' : 'no-repeat',
          backgroundSize: settings.bg_image_setting === 2 ? 'cover' : 'auto',
          backgroundPosition: 'center top',
        }
      : {}),
  };
  const colourBar = style === 2;
  const tabs = [
    true,
    true,
    settings.show_function.news === 1,
    settings.show_function.about_us === 1,
    settings.show_function.contact === 1,
  ].filter(Boolean).length;

  return (
    <Paper withBorder p="sm" aria-label={t('ui.settings.preview')} role="figure">
      <Text size="sm" fw={600}>
        {t('ui.settings.preview')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('ui.settings.previewHint')}
      </Text>
      <div className={classes.page} style={background} data-testid="preview" data-style={style}>
        <div
          className={classes.header}
          data-testid="preview-header"
          data-color={color}
          data-style={style}
          style={{
            backgroundColor: colourBar ? color : '#fff',
            borderBottom: `3px solid ${color}`,
            justifyContent: style === 3 ? 'center' : 'flex-start',
            flexDirection: style === 3 ? 'column' : 'row',
            padding: style === 4 ? '4px 8px' : '8px 10px',
          }}
        >
          <div className={classes.brand}>
            {settings.company_logo ? (
              <img src={settings.company_logo} alt="" className={classes.logo} />
            ) : (
              <span className={classes.logo} style={{ background: color }} />
            )}
            <span className={classes.name} style={{ color: colourBar ? '#fff' : color }}>
              {name}
            </span>
          </div>
          {style !== 3 && (
            <span className={classes.search} style={{ borderColor: colourBar ? '#fff' : color }}>
              {t('ui.settings.previewSearch')}
            </span>
          )}
          {style === 4 && <Tabs count={tabs} color={color} inverse={false} />}
        </div>
        {style !== 4 && (
          <div
            className={classes.nav}
            style={{
              background: colourBar ? color : '#fff',
              justifyContent: style === 3 ? 'center' : 'flex-start',
            }}
          >
            <Tabs count={tabs} color={color} inverse={colourBar} />
          </div>
        )}
        {settings.is_default_banner === 1 && (
          <div
            className={classes.banner}
            data-testid="preview-banner"
            style={{ background: `linear-gradient(120deg, ${color}, ${color}99)` }}
          >
            {t('ui.settings.previewBanner')}
          </div>
        )}
        <div className={classes.section} style={{ color }}>
          {t('ui.settings.previewProducts')}
        </div>
        <div className={classes.grid} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
          {Array.from({ length: cards }, (_, i) => (
            <div key={i} className={classes.card}>
              <div className={classes.picture} />
              <div className={classes.line} />
              {settings.show_price === 1 && <div className={classes.price} style={{ background: color }} />}
            </div>
          ))}
        </div>
        <Box className={classes.footer} style={{ background: colourBar ? color : '#2b2f36' }} />
      </div>
    </Paper>
  );
}

function Tabs({ count, color, inverse }: { count: number; color: string; inverse: boolean }) {
  return (
    <span className={classes.tabs}>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={classes.tab}
          style={{ background: inverse ? '#ffffffcc' : i === 0 ? color : '#c9ced8' }}
        />
      ))}
    </span>
  );
}
