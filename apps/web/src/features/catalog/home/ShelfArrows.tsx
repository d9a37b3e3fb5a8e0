import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The previous and next buttons of a home shelf (ProductsBlock's Shelf), over its two ends: they
 * turn the row by most of its width, are named after the section ("Next: New arrivals"), and each
 * is disabled once the row is at its end. Measured when the buttons arrive (the pointer or the
 * focus entered the shelf) and on scrolling, never while /home draws. The class names come from
 * the shelf: importing home.module.css here made its style map a chunk of /home's first load.
 */
export default function ShelfArrows({
  list,
  label,
  classes,
}: {
  list: RefObject<HTMLUListElement | null>;
  label: string;
  classes: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const [ends, setEnds] = useState<readonly [boolean, boolean]>([true, false]);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      // Right to left, scrollLeft runs from 0 to negative values.
      const x = Math.abs(el.scrollLeft);
      const next = [x < 4, x + el.clientWidth >= el.scrollWidth - 4] as const;
      setEnds((e) => (e[0] === next[0] && e[1] === next[1] ? e : next));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    return () => el.removeEventListener('scroll', measure);
  }, [list]);

  const turn = (step: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: step * (rtl ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow = (step: 1 | -1) => (
    <button
      type="button"
      className={classes.shelfArrow}
      data-step={step}
      disabled={ends[step < 0 ? 0 : 1]}
      aria-label={t(step < 0 ? 'web.home.shelfPrevious' : 'web.home.shelfNext', { section: label })}
      onClick={() => turn(step)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={classes.flipRtl}>
        <path
          d={step < 0 ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
      </svg>
    </button>
  );
  return (
    <>
      {arrow(-1)}
      {arrow(1)}
    </>
  );
}
