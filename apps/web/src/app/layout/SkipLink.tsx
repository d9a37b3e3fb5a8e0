import { useTranslation } from 'react-i18next';
import classes from './Layout.module.css';

export const MAIN_ID = 'main-content';

/** The first stop of the keyboard: jumps past the header to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className={classes.skip}
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('web.layout.skipToContent')}
    </a>
  );
}
