import { Pagination } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronNextIcon, ChevronPreviousIcon } from '../icons';
import pageClasses from './page.module.css';

// The arrows turn round in right-to-left text (our .mirror; Mantine's own class is not used).
const Previous = ({ style }: { style?: CSSProperties }) => (
  <ChevronPreviousIcon className={pageClasses.mirror} style={style} />
);
const Next = ({ style }: { style?: CSSProperties }) => (
  <ChevronNextIcon className={pageClasses.mirror} style={style} />
);

/** Page numbers of a list, named for assistive technology, with the current page marked. */
export function Pager({
  page,
  pages,
  onChange,
  className,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={t('web.pager.label')}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        previousIcon={Previous}
        nextIcon={Next}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('web.pager.previous') }
            : control === 'next'
              ? { 'aria-label': t('web.pager.next') }
              : {}
        }
        getItemProps={(p) => ({
          'aria-label': t('web.pager.page', { page: p }),
          ...(p === page ? { 'aria-current': 'page' as const } : {}),
        })}
      />
    </nav>
  );
}
