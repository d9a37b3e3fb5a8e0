import type { CompanyContact } from '@vitrine/contract';

/**
 * How a value is shown: a link (tel, mailto, WhatsApp, Facebook), plain text, or text a buyer
 * will want to copy (ids in chat apps; the contact page gives them a copy button, the footer
 * shows them as text).
 */
export type ContactKind = 'text' | 'tel' | 'mail' | 'whatsapp' | 'facebook' | 'copy';

type FieldKey = keyof Pick<
  CompanyContact,
  | 'company_contact'
  | 'company_mobilephone'
  | 'company_telephone'
  | 'company_email'
  | 'company_wechat'
  | 'company_whatsapp'
  | 'company_facebook'
  | 'company_fax'
  | 'company_qq'
  | 'address'
>;

/**
 * Every contact field of spec section 2, in its order, for the footer and the contact page alike;
 * `address` is chosen by the server.
 */
export const CONTACT_FIELDS: readonly {
  key: FieldKey;
  label:
    | 'web.footer.contactPerson'
    | 'web.footer.mobile'
    | 'web.footer.phone'
    | 'web.footer.email'
    | 'web.footer.wechat'
    | 'web.footer.whatsapp'
    | 'web.footer.facebook'
    | 'web.footer.fax'
    | 'web.footer.qq'
    | 'web.footer.address';
  kind: ContactKind;
  /** Numbers, addresses of mail and ids read left to right, even in Arabic and Hebrew. */
  ltr?: true;
}[] = [
  { key: 'company_contact', label: 'web.footer.contactPerson', kind: 'text' },
  { key: 'company_mobilephone', label: 'web.footer.mobile', kind: 'tel', ltr: true },
  { key: 'company_telephone', label: 'web.footer.phone', kind: 'tel', ltr: true },
  { key: 'company_email', label: 'web.footer.email', kind: 'mail', ltr: true },
  { key: 'company_wechat', label: 'web.footer.wechat', kind: 'copy', ltr: true },
  { key: 'company_whatsapp', label: 'web.footer.whatsapp', kind: 'whatsapp', ltr: true },
  { key: 'company_facebook', label: 'web.footer.facebook', kind: 'facebook', ltr: true },
  { key: 'company_fax', label: 'web.footer.fax', kind: 'text', ltr: true },
  { key: 'company_qq', label: 'web.footer.qq', kind: 'copy', ltr: true },
  { key: 'address', label: 'web.footer.address', kind: 'text' },
];

/** The fields of a record that have a value, in order. */
export function filledFields(contact: CompanyContact) {
  return CONTACT_FIELDS.map((f) => ({ ...f, value: (contact[f.key] ?? '').trim() })).filter(
    (f) => f.value !== '',
  );
}

/** The address a value links to, or null for text. */
export function contactHref(kind: ContactKind, value: string): string | null {
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
