import { useState } from 'react';
import { pictureSources } from './product/picture';
import classes from './CompanyLogo.module.css';

/**
 * The width of the logo's picture: it is drawn at 38 px (the footer's is larger, 48), three
 * times that on the sharpest screens. A stored logo is often a PNG several times the size.
 */
export const LOGO_WIDTH = 160;

/** The logo's attempts: its WebP width, then the stored file itself; none for no logo. */
export const logoSources = (src: string | null | undefined): string[] => {
  const sources = pictureSources(src, LOGO_WIDTH);
  return sources ? [sources.src, ...sources.fallbacks] : [];
};

interface CompanyLogoProps {
  /** The logo's URL; null or '' for none. */
  src: string | null | undefined;
  /** Shown instead of the logo when there is none or it fails to load. */
  initials: string;
  /** 'filled': initials on the theme colour; 'light': on its light tint. */
  variant?: 'filled' | 'light';
  className?: string;
}

/**
 * The company's logo, or its initials when there is none or it fails to load. Decorative: the
 * company name is always written beside it. It looks like Mantine's Avatar but is not one: the
 * header and the login page are in every first load, and Avatar's code is several times this.
 */
export function CompanyLogo({ src, initials, variant = 'filled', className }: CompanyLogoProps) {
  const attempts = logoSources(src);
  // The attempts that failed, by URL, so a new logo is tried afresh.
  const [failed, setFailed] = useState<readonly string[]>([]);
  const url = attempts.find((a) => !failed.includes(a));
  return (
    <span className={[classes.root, className].filter(Boolean).join(' ')} data-variant={variant}>
      {url ? (
        <img
          key={url}
          src={url}
          alt=""
          className={classes.image}
          onError={() => setFailed((f) => [...f, url])}
        />
      ) : (
        <span className={classes.initials}>{initials}</span>
      )}
    </span>
  );
}
