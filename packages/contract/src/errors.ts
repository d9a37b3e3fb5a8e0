/**
 * Every `code` the /api can answer. 0 is success; -2 and -106 come from the
 * specification; the others mirror the HTTP status they stand for, negated,
 * so a reader of a raw response can guess their meaning.
 */
export const ErrorCode = {
  OK: 0,
  /** A business rule refused the call; the tip says which. */
  FAILED: -1,
  /** Missing, unknown, expired or foreign session token. */
  SESSION_INVALID: -2,
  /** Unknown or missing Website-ID (or site code). */
  WEBSITE_NOT_FOUND: -106,
  /** The body is not a JSON object, or a field fails its schema; the tip names the field. */
  BAD_REQUEST: -400,
  /** The access code or password is wrong. */
  WRONG_PASSWORD: -401,
  /** The session is valid but the call needs a logged-in customer (login_type 1), or another staff role. */
  FORBIDDEN: -403,
  /** No call of that name exists. */
  UNKNOWN_CALL: -404,
  /** The change was based on data someone else changed meanwhile (settings saved twice); read again. */
  CONFLICT: -409,
  /** The call was not sent with POST. */
  METHOD_NOT_ALLOWED: -405,
  /** The body is larger than the server accepts. */
  TOO_LARGE: -413,
  /** The body is not sent as application/json. */
  UNSUPPORTED_MEDIA_TYPE: -415,
  /** Too many attempts from this address; the tip says when to retry. */
  TOO_MANY_REQUESTS: -429,
  /** An unexpected fault on the server; nothing about it is revealed. */
  INTERNAL: -500,
  /**
   * The chat signature (chat_user_sig) is expired, invalid or of another company: ask
   * create_user_sig (staff: staff_create_chat_sig) for a new one and log in to the socket again.
   * The number is the instant-messaging service's own, which the spec names (section 4).
   */
  CHAT_SIGNATURE_INVALID: 70001,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODE_DESCRIPTIONS: Record<ErrorCodeValue, string> = {
  [ErrorCode.OK]: 'Success.',
  [ErrorCode.FAILED]: 'A business rule refused the call; the tip says which.',
  [ErrorCode.SESSION_INVALID]:
    'Missing, unknown, expired or revoked session token, or a token of another website.',
  [ErrorCode.WEBSITE_NOT_FOUND]: 'Unknown or missing Website-ID header, website_id or site code.',
  [ErrorCode.BAD_REQUEST]:
    'The body is not a JSON object, or a field fails its schema; the tip names the field.',
  [ErrorCode.WRONG_PASSWORD]: 'The access code or password is wrong (for staff: the email or the password).',
  [ErrorCode.FORBIDDEN]:
    'The call needs a logged-in customer (login_type 1), or a staff role the staff member does not have.',
  [ErrorCode.UNKNOWN_CALL]: 'There is no call of that name.',
  [ErrorCode.CONFLICT]:
    'Someone else changed the same data since it was read: read it again, then change it.',
  [ErrorCode.METHOD_NOT_ALLOWED]: 'Calls are sent with POST.',
  [ErrorCode.TOO_LARGE]: 'The body is too large.',
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'The body must be sent as application/json.',
  [ErrorCode.TOO_MANY_REQUESTS]: 'Too many attempts; the tip says when to try again.',
  [ErrorCode.INTERNAL]: 'Unexpected server fault; nothing about it is revealed.',
  [ErrorCode.CHAT_SIGNATURE_INVALID]:
    'The chat signature is expired, invalid or of another company: ask for a new one and log in to the chat again.',
};
