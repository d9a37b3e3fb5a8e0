import type { SVGProps } from 'react';

/**
 * Line icons of the company, news and showroom pages; decorative (aria-hidden): the text or the
 * control around each carries the meaning.
 */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

/** A certificate: a sheet with a seal. */
export const DocumentIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4" />
    <path d="M9 10h6M9 13h4" />
    <circle cx="13.5" cy="17" r="1.8" />
  </Icon>
);

/** A factory, for inspections. */
export const FactoryIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 21V10l5 3V10l5 3V6l8 4v11z" />
    <path d="M7 17h2M12 17h2M17 17h1" />
  </Icon>
);

export const LocationIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

/** A booth or showroom: an awning over a counter. */
export const StoreIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 9 5.5 4h13L20 9" />
    <path d="M4 9c0 1.7 1.3 3 3 3s2.5-1.3 2.5-3c0 1.7 1.1 3 2.5 3s2.5-1.3 2.5-3c0 1.7 1.3 3 2.5 3 1.7 0 3-1.3 3-3z" />
    <path d="M5 12v8h14v-8M10 20v-4h4v4" />
  </Icon>
);

/** Points to the line's end in left-to-right text; mirrored in right-to-left (see .mirror). */
export const ChevronNextIcon = (p: P) => (
  <Icon {...p}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const ChevronPreviousIcon = (p: P) => (
  <Icon {...p}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);

export const CopyIcon = (p: P) => (
  <Icon {...p}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
  </Icon>
);

export const CheckIcon = (p: P) => (
  <Icon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const InfoIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

export const NewsIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 5h13v14H6a2 2 0 0 1-2-2z" />
    <path d="M17 9h3v8a2 2 0 0 1-2 2" />
    <path d="M8 9h5M8 12h5M8 15h3" />
  </Icon>
);
