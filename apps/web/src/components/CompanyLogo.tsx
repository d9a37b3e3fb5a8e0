import { useState } from 'react';
import classes from './CompanyLogo.module.css';

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
  // The URL that failed, so a new logo is tried afresh.
  const [failed, setFailed] = useState<string | null>(null);
  const url = src || null;
  return (
    <span className={[classes.root, className].filter(Boolean).join(' ')} data-variant={variant}>
      {url && failed !== url ? (
        <img src={url} alt="" className={classes.image} onError={() => setFailed(url)} />
      ) : (
        <span className={classes.initials}>{initials}</span>
      )}
    </span>
  );
}
