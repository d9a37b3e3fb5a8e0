import type { WebsiteInfo } from '@vitrine/contract';
import type { CSSProperties } from 'react';

/** A colour the browser understands (jsdom lacks CSS.supports: then any short, tame value). */
function isColor(value: string): boolean {
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value);
  return /^[#a-z0-9(),.%\s-]{1,64}$/i.test(value);
}

/** An image URL made safe inside url("…"). */
const cssUrl = (url: string): string => `url("${url.replace(/["\\\n\r\f]/g, (c) => encodeURIComponent(c))}")`;

/**
 * The page background of site info: bg_setting (a CSS colour, empty for the default), and
 * bg_image shown per bg_image_setting (0 none, 1 tiled, 2 covering the page).
 */
export function pageBackground(
  site: Pick<WebsiteInfo, 'bg_setting' | 'bg_image' | 'bg_image_setting'> | null,
): CSSProperties {
  if (!site) return {};
  const style: CSSProperties = {};
  const color = site.bg_setting.trim();
  if (color && isColor(color)) style.backgroundColor = color;
  const image = site.bg_image.trim();
  if (image && site.bg_image_setting !== 0) {
    style.backgroundImage = cssUrl(image);
    if (site.bg_image_setting === 1) {
      style.backgroundRepeat = 'repeat';
      style.backgroundPosition = 'top left';
    } else {
      style.backgroundRepeat = 'no-repeat';
      style.backgroundSize = 'cover';
      style.backgroundPosition = 'center top';
      style.backgroundAttachment = 'fixed';
    }
  }
  return style;
}
