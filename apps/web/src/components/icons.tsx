import type { SVGProps } from 'react';

/**
 * The showroom's line icons, all drawn on one 24-unit grid. Decorative (aria-hidden): the text or
 * the control around each carries the meaning.
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
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

// --- the page frame: header, side bar, footer ---------------------------------------------------

export const SearchIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const CameraIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

export const ChatIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
    <path d="M8 10h8M8 13h5" />
  </Icon>
);

export const CartIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
    <circle cx="9" cy="19" r="1.5" />
    <circle cx="17" cy="19" r="1.5" />
  </Icon>
);

export const UserIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </Icon>
);

export const ArrowUpIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);

/** Points back (towards the inline start); mirrored in right-to-left by the CSS that uses it. */
export const BackIcon = (p: P) => (
  <Icon {...p}>
    <path d="M19 12H5M11 18l-6-6 6-6" />
  </Icon>
);

export const LoginIcon = (p: P) => (
  <Icon {...p}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H4" />
  </Icon>
);

export const LogoutIcon = (p: P) => (
  <Icon {...p}>
    <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M16 17l5-5-5-5M21 12H9" />
  </Icon>
);

// --- content pages (company, news, showroom): a lighter stroke ----------------------------------

/** A certificate: a sheet with a seal. */
export const DocumentIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4" />
    <path d="M9 10h6M9 13h4" />
    <circle cx="13.5" cy="17" r="1.8" />
  </Icon>
);

/** A factory, for inspections. */
export const FactoryIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M3 21V10l5 3V10l5 3V6l8 4v11z" />
    <path d="M7 17h2M12 17h2M17 17h1" />
  </Icon>
);

export const LocationIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

/** A booth or showroom: an awning over a counter. */
export const StoreIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M4 9 5.5 4h13L20 9" />
    <path d="M4 9c0 1.7 1.3 3 3 3s2.5-1.3 2.5-3c0 1.7 1.1 3 2.5 3s2.5-1.3 2.5-3c0 1.7 1.3 3 2.5 3 1.7 0 3-1.3 3-3z" />
    <path d="M5 12v8h14v-8M10 20v-4h4v4" />
  </Icon>
);

/** Points to the line's end in left-to-right text; mirrored in right-to-left (see .mirror). */
export const ChevronNextIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const ChevronPreviousIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);

export const CopyIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
  </Icon>
);

export const CheckIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const InfoIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

export const NewsIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M4 5h13v14H6a2 2 0 0 1-2-2z" />
    <path d="M17 9h3v8a2 2 0 0 1-2 2" />
    <path d="M8 9h5M8 12h5M8 15h3" />
  </Icon>
);

// --- the sample cart and records -------------------------------------------------------------------

export const CloseIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const DownloadIcon = (p: P) => (
  <Icon strokeWidth="1.8" {...p}>
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
  </Icon>
);
