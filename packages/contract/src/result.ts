/**
 * What a service answers, whoever asked (an /api call, a staff call, the chat socket): data on
 * success, or a failure code (ErrorCode) with its tip in the caller's language. The transport
 * turns it into its own shape (the /api envelope, a socket message).
 */
export type CallResult<T> = { ok: true; data: T; tip?: string } | { ok: false; code: number; tip: string };

export const ok = <T>(data: T, tip?: string): CallResult<T> =>
  tip === undefined ? { ok: true, data } : { ok: true, data, tip };

export const fail = (code: number, tip: string): CallResult<never> => ({ ok: false, code, tip });
