import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../../components/icons';
import { showErrorToast } from '../../../lib/toast';
import { closeImageSearch, openImageSearch, preloadImageSearch, useImageSearchLauncher } from '../launcher';
import classes from './launcher.module.css';

/** Opens the image-search dialog; tells the buyer when its code cannot be loaded. */
export function useOpenImageSearch(): (from?: HTMLElement | null) => void {
  const { t } = useTranslation();
  return (from) => {
    openImageSearch(from).catch(() => showErrorToast(t('web.imageSearch.openFailed')));
  };
}

/**
 * The camera button of the header's search box (shown by the header for toy_type 1 only). Its
 * looks come from the header (`className`); `onOpen` lets a panel holding it close.
 */
export function ImageSearchButton({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const { loading } = useImageSearchLauncher();
  const open = useOpenImageSearch();
  const preload = () => void preloadImageSearch().catch(() => {});
  return (
    <button
      type="button"
      className={[classes.button, className].filter(Boolean).join(' ')}
      aria-label={t('web.header.imageSearch')}
      title={t('web.header.imageSearch')}
      aria-haspopup="dialog"
      aria-busy={loading || undefined}
      data-testid="image-search-open"
      // The dialog's code starts loading as soon as the buyer shows interest.
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        onOpen?.();
        open(event.currentTarget);
      }}
    >
      <CameraIcon />
    </button>
  );
}

/** Where the dialog lives once loaded: once per page, outside any panel that may close. */
export function ImageSearchHost() {
  const { opened, Dialog } = useImageSearchLauncher();
  // Leaving the layout (the session ended, off to /login) must not leave the dialog open for later.
  useEffect(() => closeImageSearch, []);
  return Dialog ? <Dialog opened={opened} onClose={() => closeImageSearch(true)} /> : null;
}
