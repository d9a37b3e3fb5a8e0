import { Stack, Title } from '@mantine/core';
import { DEFAULT_LANGUAGE, languageByKey, type WebsiteInfo } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { companyName, initialsOf } from '../lib/company';
import classes from './CompanyBrand.module.css';
import { CompanyLogo } from './CompanyLogo';

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
      <CompanyLogo
        src={site.company_logo}
        initials={initialsOf(name)}
        variant="light"
        className={classes.logo}
      />
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
