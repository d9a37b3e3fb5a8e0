import type { ReactNode } from 'react';
import classes from './catalog.module.css';

/**
 * A catalogue page: its title (with an optional control beside it, such as clearing a search),
 * an optional side column (the category tree) and the results.
 */
export function CatalogLayout({
  title,
  titleAction,
  aside,
  children,
}: {
  title: string;
  titleAction?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.page}>
      {titleAction ? (
        <div className={classes.titleRow}>
          {/* A keyword is the buyer's own text, in any script. */}
          <h1 className={classes.title} dir="auto">
            {title}
          </h1>
          {titleAction}
        </div>
      ) : (
        <h1 className={classes.title}>{title}</h1>
      )}
      <div className={aside ? classes.withAside : undefined}>
        {aside ? <aside className={classes.aside}>{aside}</aside> : null}
        <div className={classes.main}>{children}</div>
      </div>
    </div>
  );
}
