import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSite } from '../../../app/layout/useShowroom';
import { PATHS } from '../../../lib/paths';
import { CameraIcon } from '../../../components/icons';
import pageClasses from '../../../components/page/page.module.css';
import { LoadingNote } from '../../../components/page/StatePanels';
import { PRIORITY_CARDS, ProductGrid } from '../../../components/product';
import { EmptyState } from '../../../components/product/results';
import { useSilentQuery } from '../../../lib/useSilentQuery';
import { useOpenImageSearch } from '../components/ImageSearchLauncher';
import classes from './pro-search.module.css';

/** Only a picture the showroom could have stored is shown back (never a script or data address). */
const isShowable = (url: string): boolean => /^(https?:\/\/|\/(?!\/))/i.test(url);

/** Opens the image-search dialog (the header's camera button does the same). */
function SearchAgain({ label }: { label: string }) {
  const open = useOpenImageSearch();
  return (
    <Button
      variant="light"
      leftSection={<CameraIcon width={18} height={18} />}
      onClick={(e) => open(e.currentTarget)}
    >
      {label}
    </Button>
  );
}

/**
 * /proSearch?url=…: the products that look like the picture at `url` (uploaded by the image-search
 * dialog), most similar first, as the server orders them. Reloading the page searches again.
 * Per the spec, a failed search only hides the loading indicator, with no message: the page
 * then offers to try again, as it does when nothing similar was found.
 */
export default function ProSearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get('url')?.trim() ?? '';
  const query = useSilentQuery('image_search', { url }, { enabled: url !== '' });
  // The dialog is offered where the header offers it: for toy_type 1 only.
  const canSearch = useSite()?.toy_type === 1;
  const searchAgain = canSearch ? <SearchAgain label={t('web.imageSearch.searchAgain')} /> : null;

  let body;
  if (url === '') {
    body = (
      <div className={pageClasses.state}>
        <p className={pageClasses.stateText}>{t('web.imageSearch.start')}</p>
        {canSearch ? <SearchAgain label={t('web.imageSearch.choose')} /> : null}
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div aria-busy="true" data-testid="image-search-loading">
        <LoadingNote />
        <ProductGrid products={[]} loading skeletonCount={8} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div className={classes.again} data-testid="image-search-failed">
        <Button variant="default" onClick={() => void query.refetch()}>
          {t('web.retry')}
        </Button>
        {searchAgain}
      </div>
    );
  } else if (query.data.list.length === 0) {
    body = (
      <EmptyState
        title={t('web.imageSearch.noSimilar')}
        message={t('web.imageSearch.noSimilarHint')}
        backTo={PATHS.productDisplay}
        action={searchAgain ?? undefined}
      />
    );
  } else {
    body = (
      <div data-testid="image-search-results">
        {/* How sure the engine is (issue 19): a clear best match, or only products that look alike. */}
        <p className={classes.order} data-testid="image-search-certainty">
          {query.data.match === 'best'
            ? t('web.imageSearch.bestMatchFirst')
            : query.data.match === 'similar'
              ? t('web.imageSearch.results')
              : t('web.imageSearch.mostSimilarFirst')}
        </p>
        <ProductGrid
          products={query.data.list}
          headingLevel={2}
          priorityCount={PRIORITY_CARDS}
          label={t('web.imageSearch.results')}
        />
      </div>
    );
  }

  return (
    <div className={pageClasses.page}>
      <header className={`${pageClasses.header} ${classes.head}`}>
        {url !== '' && isShowable(url) ? (
          <img
            className={classes.query}
            src={url}
            alt={t('web.imageSearch.yourPicture')}
            width={72}
            height={72}
            data-testid="image-search-query"
          />
        ) : null}
        <div className={classes.headText}>
          <h1 className={pageClasses.title}>{t('web.pages.proSearch')}</h1>
        </div>
        {searchAgain && query.isSuccess && query.data.list.length > 0 ? (
          <div className={classes.headAction}>{searchAgain}</div>
        ) : null}
      </header>
      {body}
    </div>
  );
}
