/**
 * A certificate's stored pictures (certificates.pictures, migration 0020: a JSON array of URLs in
 * order), read by the buyers' get_certification and the console alike. A row the column cannot be
 * read of still shows its single `picture`.
 */
export function storedPictures(json: string, picture: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  } catch {
    // Not JSON: fall through to the single picture.
  }
  return picture ? [picture] : [];
}
