import { isEnglishMode, type Language, type WebsiteInfo } from '@vitrine/contract';

/** The company's name as the buyer sees it: Chinese in Chinese, the English name in every other language. */
export function companyName(
  site: Pick<WebsiteInfo, 'company_name' | 'company_name_en'>,
  lang: Language,
): string {
  const [first, second] = isEnglishMode(lang)
    ? [site.company_name_en, site.company_name]
    : [site.company_name, site.company_name_en];
  return first.trim() || second.trim();
}

/** Up to two letters standing in for a missing logo. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return [...(words[0] ?? '')].slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => [...w][0] ?? '')
    .join('')
    .toUpperCase();
}
