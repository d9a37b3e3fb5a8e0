import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { languageByKey } from '@vitrine/contract';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createShowroomTheme, showroomCssVariablesResolver, templateColorHex } from '../lib/theme';

interface AppProvidersProps {
  /** The website's template_color; unknown before the site info arrives. */
  templateColor: number | undefined;
  /** 'test' turns Mantine's transitions and portals off (Testing Library). */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Keeps Mantine's direction in step with the language on screen (Arabic and Hebrew: rtl). */
function DirectionSync() {
  const { i18n: instance } = useTranslation();
  const { dir, setDirection } = useDirection();
  const wanted = languageByKey(instance.language)?.rtl ? 'rtl' : 'ltr';
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return null;
}

/** Keeps the browser's theme-color (mobile address bar) in the website's colour. */
function useThemeColorMeta(color: string) {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = color;
  }, [color]);
}

export function AppProviders({ templateColor, env = 'default', children }: AppProvidersProps) {
  const theme = useMemo(() => createShowroomTheme(templateColor), [templateColor]);
  const cssVariablesResolver = useMemo(() => showroomCssVariablesResolver(templateColor), [templateColor]);
  useThemeColorMeta(templateColorHex(templateColor));
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider detectDirection>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme="light"
          env={env}
        >
          <DirectionSync />
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
