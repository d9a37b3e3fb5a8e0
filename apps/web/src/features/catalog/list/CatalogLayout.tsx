import type { ReactNode } from 'react';
import classes from './catalog.module.css';

/** A catalogue page: its title, an optional side column (the category tree) and the results. */
export function CatalogLayout({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <div className={aside ? classes.withAside : undefined}>
        {aside ? <aside className={classes.aside}>{aside}</aside> : null}
        <div className={classes.main}>{children}</div>
      </div>
    </div>
  );
}
