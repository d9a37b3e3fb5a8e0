import type { ReactNode } from 'react';
import classes from './product.module.css';

/** A variant after the name's last spaced dash: "Teddy bear, 40 cm – Red" (at most 30 letters). */
const VARIANT = /^(.+)\s([–—-])\s(.{1,30})$/u;
const RIGHT_TO_LEFT = /[\u0590-\u08ff]/;
/** A run of Latin letters or digits ("Headless", "40", "One-Key") inside right-to-left text. */
const LATIN_RUN = /([\p{Script=Latin}\d][\p{Script=Latin}\d'’.:/+-]*)/u;

/**
 * Right to left, each Latin word or number is kept whole: the two-line clamp's ellipsis cuts at
 * the line's visual end, which in an Arabic line is a Latin word's start ("Headless" showed as
 * "eadless…"). A word kept as one box is shown whole or left for the next line.
 */
function whole(text: string): ReactNode {
  if (!RIGHT_TO_LEFT.test(text)) return text;
  return text.split(LATIN_RUN).map((part, i) =>
    i % 2 ? (
      <span key={i} className={classes.word}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * A product's name in a card or a row (issue 21, item 11): in its own direction (an English
 * name on an Arabic page ends on the right), two lines at most, and what tells colour variants
 * apart ("… – Red") on a line of its own that the clamp never reaches. The dash between them
 * stays in the text for screen readers, so the link it sits in is named by the whole name by its
 * own content (no aria-label that could differ from what is seen); the tooltip shows it too.
 */
export function ProductName({ name }: { name: string }) {
  const [, head = name, dash, variant] = VARIANT.exec(name) ?? [];
  return (
    <>
      <span className={classes.nameHead} dir="auto" title={name}>
        {whole(head)}
      </span>
      {/* The dash stays in the text (a heading's name, a search, a copy) though not on screen. */}
      {variant ? (
        <>
          {' '}
          <span className={classes.srOnly}>{dash}</span>{' '}
        </>
      ) : null}
      {variant ? <span className={classes.variant}>{whole(variant)}</span> : null}
    </>
  );
}
