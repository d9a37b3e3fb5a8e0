/** template_color 1..5 and the colour each stands for. */
export const TEMPLATE_COLORS = {
  1: '#2181ED',
  2: '#FF8B17',
  3: '#7645E6',
  4: '#F33636',
  5: '#3CB46D',
} as const;
export type TemplateColor = keyof typeof TEMPLATE_COLORS;

export const TEMPLATE_STYLES = [1, 2, 3, 4] as const;

/** trade_terms: 0 none, 1 EXW, 2 FOB, 3 CFR, 4 CIF. */
export const TRADE_TERMS = { 0: '', 1: 'EXW', 2: 'FOB', 3: 'CFR', 4: 'CIF' } as const;

/** number_type: which product number is displayed. */
export const NUMBER_TYPES = { TOY_NUMBER: 1, HIDDEN: 2, ARTICLE_NUMBER: 3 } as const;

export const LOGIN_TYPE = { VISITOR: 0, CUSTOMER: 1 } as const;

export const TOY_TYPES = [1, 2, 3] as const;

export const ORDER_CURRENCIES = [
  'AUD',
  'CAD',
  'GBP',
  'HKD',
  'JPY',
  'SGD',
  'USD',
  'CNH',
  'EUR',
  'PLN',
  'AED',
  'CHF',
  'CZK',
  'DKK',
  'NZD',
  'HUF',
  'ILS',
  'MXN',
  'NOK',
  'SAR',
  'SEK',
  'TRY',
  'RON',
  'ZAR',
  'THB',
  'MYR',
] as const;

export const LIMITS = {
  CART_MAX_LINES: 1000,
  /**
   * Most cartons of one product in a sample selection (decision 0035): about a full 40' HQ
   * container of an ordinary toy carton, so a trial order fits and a slipped key does not.
   */
  CART_MAX_CTN: 999,
  DEFAULT_PURCHASE_NUMBER: 1,
  REQUEST_TIMEOUT_MS: 30_000,
  CHUNK_LOAD_TIMEOUT_MS: 120_000,
  BADGE_CAP: 99,
  /** Largest JSON body the /api accepts. */
  MAX_BODY_BYTES: 1024 * 1024,
  /** A session lasts this long after login. */
  SESSION_TTL_MS: 30 * 24 * 3600 * 1000,
  /** Wrong logins from one address on one website allowed within the window. */
  LOGIN_MAX_FAILURES: 5,
  LOGIN_FAILURE_WINDOW_MS: 15 * 60 * 1000,
  /** Access applications from one address on one website within the window. */
  ACCESS_APPLY_MAX: 3,
  ACCESS_APPLY_WINDOW_MS: 60 * 60 * 1000,
  CODE_MAX_LENGTH: 64,
  /**
   * A one-time login link works this long (decision 0044): long enough to pass it on by mail or
   * chat and open it, short enough that a link found later in a mailbox or a log opens nothing.
   */
  LOGIN_LINK_TTL_MS: 15 * 60 * 1000,
} as const;

/**
 * The query parameter of the buyer app's address that carries a one-time login link. Here, with
 * the constants, not beside the link's schema: the buyer app's first load reads it, and must not
 * bring zod along.
 */
export const LOGIN_LINK_PARAM = 'login_link';

/** Image search (spec sections 5 and 9): only these types, never smaller than this after crop. */
export const IMAGE_SEARCH_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_SEARCH_MIN_SIDE = 200;
/** The browser compresses a file over this size, to at most IMAGE_SEARCH_MAX_SIDE, quality 0.9. */
export const IMAGE_SEARCH_COMPRESS_OVER_BYTES = 1.5 * 1024 * 1024;
export const IMAGE_SEARCH_MAX_SIDE = 1000;
export const IMAGE_SEARCH_QUALITY = 0.9;
/** Largest upload an image-search credential allows (a 1000x1000 PNG stays well under it). */
export const IMAGE_SEARCH_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Files of the chat (get_temp_auth and staff_get_chat_upload_credential, purpose im): pictures
 * are decoded and stored re-encoded (a GIF keeps its frames); videos and voice notes cannot be
 * decoded on the server, so their container is checked by its signature instead (decision 0042).
 * A type here is what the browser declares; the content must be of the same kind.
 */
export const CHAT_MEDIA = {
  IMAGE_TYPES: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  VIDEO_TYPES: ['video/mp4', 'video/webm', 'video/quicktime'],
  AUDIO_TYPES: ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/webm', 'audio/wav'],
  /** A picture under 2 MB (or any GIF) is sent as is, a larger one scaled to 1500x1500 first. */
  IMAGE_MAX_BYTES: 10 * 1024 * 1024,
  VIDEO_MAX_BYTES: 50 * 1024 * 1024,
  AUDIO_MAX_BYTES: 20 * 1024 * 1024,
} as const;
export const CHAT_MEDIA_TYPES = [
  ...CHAT_MEDIA.IMAGE_TYPES,
  ...CHAT_MEDIA.VIDEO_TYPES,
  ...CHAT_MEDIA.AUDIO_TYPES,
] as const;
export type ChatMediaType = (typeof CHAT_MEDIA_TYPES)[number];
