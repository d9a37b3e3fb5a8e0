import { Avatar, Stack, Title } from '@mantine/core';
import { DEFAULT_LANGUAGE, languageByKey, type WebsiteInfo } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { companyName, initialsOf } from '../lib/company';

interface CompanyBrandProps {
  site: Pick<WebsiteInfo, 'company_name' | 'company_name_en' | 'company_logo'>;
  /** The company name is the page's main heading. */
  headingOrder?: 1 | 2;
}

/** The exporter's logo and name (Chinese name in Chinese, English name in every other language). */
export function CompanyBrand({ site, headingOrder = 1 }: CompanyBrandProps) {
  const { i18n } = useTranslation();
  const name = companyName(site, languageByKey(i18n.language) ?? DEFAULT_LANGUAGE);
  return (
    <Stack align="center" gap="sm">
      {/* The name is right beside it, so the logo needs no text of its own. */}
      <Avatar src={site.company_logo || null} alt="" size={76} radius="lg" color="brand" variant="light">
        {initialsOf(name)}
      </Avatar>
      <Title
        order={headingOrder}
        dir="auto"
        fz={{ base: 'h3', sm: 'h2' }}
        ta="center"
        lh={1.25}
        style={{ textWrap: 'balance' }}
      >
        {name}
      </Title>
    </Stack>
  );
}
