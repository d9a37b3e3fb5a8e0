import { formatDate } from '../../../lib/format';
import { calendarOf } from './news';
import classes from './news.module.css';

/** The month and day of a news item, drawn like a page of a desk calendar; read as the full date. */
export function CalendarChip({
  month,
  day,
  publishedAt,
}: {
  month: string;
  day: string;
  publishedAt: number;
}) {
  const c = calendarOf(month, day);
  return (
    <time className={classes.chip} dateTime={c.iso || undefined}>
      <span className={classes.chipMonth} aria-hidden="true">
        {c.month}
      </span>
      <span className={classes.chipDay} aria-hidden="true">
        {c.day}
      </span>
      <span className={classes.chipYear} aria-hidden="true">
        {c.year}
      </span>
      <span className={classes.visuallyHidden}>{formatDate(c.date ?? publishedAt, { style: 'long' })}</span>
    </time>
  );
}
