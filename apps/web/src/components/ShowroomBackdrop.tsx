import type { ReactNode } from 'react';
import classes from './ShowroomBackdrop.module.css';

interface ShowroomBackdropProps {
  /** Tools at the top (the language selector); rendered in a <header>. */
  topBar?: ReactNode;
  /** Grey instead of the website's colour, while the website is unknown. */
  neutral?: boolean;
  children: ReactNode;
}

/** The full-page frame of the pages outside the main layout (login, site not found). */
export function ShowroomBackdrop({ topBar, neutral = false, children }: ShowroomBackdropProps) {
  return (
    <div className={classes.backdrop} data-neutral={neutral || undefined}>
      {topBar ? <header className={classes.topBar}>{topBar}</header> : null}
      <main className={classes.main}>{children}</main>
    </div>
  );
}
