/** How a value becomes a link (or stays text). */
export type LinkKind = 'text' | 'tel' | 'mail' | 'whatsapp' | 'facebook';

/** The address a value links to, or null for plain text. */
export function contactHref(kind: LinkKind, value: string): string | null {
  switch (kind) {
    case 'tel': {
      const number = value.replace(/[^\d+]/g, '');
      return number.replace(/\+/g, '').length >= 3 ? `tel:${number}` : null;
    }
    case 'mail':
      return /^[^\s@]+@[^\s@]+$/.test(value) ? `mailto:${value}` : null;
    case 'whatsapp': {
      const digits = value.replace(/\D/g, '');
      return digits.length >= 6 ? `https://wa.me/${digits}` : null;
    }
    case 'facebook':
      if (/^https?:\/\//i.test(value)) return value;
      if (/^(www\.|m\.)?(facebook|fb)\.com\//i.test(value)) return `https://${value}`;
      return null;
    default:
      return null;
  }
}
