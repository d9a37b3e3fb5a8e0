import './mantine-styles';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { isAbort, isApiError } from '../../../lib/api-client';
import { uploadSearchImage } from '../api';
import { encodeCrop } from '../image-io';
import { encodeForSearch, type Rect } from '../rules';
import { CropStep } from './CropStep';
import { type PickedImage, PickStep, releasePicked } from './PickStep';
import classes from './image-search.module.css';

/** The address of the results of a search for the picture at `url`. */
export const proSearchHref = (url: string): string =>
  `${PATHS.proSearch}?${new URLSearchParams({ url }).toString()}`;

type Sending = { stage: 'preparing' } | { stage: 'uploading'; fraction: number };

/**
 * Pick, crop, upload, then off to /proSearch. Rendered inside the dialog, so closing the dialog
 * unmounts it: the picture's memory is freed and an upload under way is left without effect.
 */
function ImageSearchFlow({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // A picture replaced or the dialog closed: free the old one.
  useEffect(() => (picked ? () => releasePicked(picked) : undefined), [picked]);
  useEffect(() => () => abort.current?.abort(), []);

  const search = async (current: PickedImage, crop: Rect) => {
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setSending({ stage: 'preparing' });
    try {
      const encoded = await encodeForSearch(crop, current.type, (plan) =>
        encodeCrop(current.image, crop, plan),
      );
      controller.signal.throwIfAborted();
      setSending({ stage: 'uploading', fraction: 0 });
      const url = await uploadSearchImage(
        encoded,
        (fraction) => {
          if (!controller.signal.aborted) setSending({ stage: 'uploading', fraction });
        },
        controller.signal,
      );
      controller.signal.throwIfAborted();
      onDone();
      void navigate(proSearchHref(url));
    } catch (e) {
      if (controller.signal.aborted || isAbort(e)) return;
      setSending(null);
      // A refused credential was told app-wide with the server's tip; anything else is said here.
      if (!isApiError(e)) setProblem(t('web.imageSearch.problems.uploadFailed'));
    }
  };

  if (!picked) return <PickStep onPicked={setPicked} />;

  const percent = sending?.stage === 'uploading' ? Math.round(sending.fraction * 100) : null;
  return (
    <div className={classes.flow}>
      {/* Kept while sending, so a failed upload returns to the same crop. */}
      <div className={classes.flowStep} inert={sending !== null}>
        <CropStep
          key={picked.url}
          picked={picked}
          problem={problem}
          onConfirm={(crop) => void search(picked, crop)}
          onPickAnother={() => {
            setProblem(null);
            setPicked(null);
          }}
        />
      </div>
      {sending ? (
        <div className={classes.sending} data-testid="image-search-sending">
          <p className={classes.note} role="status">
            {sending.stage === 'preparing' ? t('web.imageSearch.preparing') : t('web.imageSearch.uploading')}
          </p>
          <progress
            className={classes.progress}
            max={100}
            // Indeterminate while the picture is being prepared.
            value={percent ?? undefined}
            aria-label={t('web.imageSearch.uploading')}
          />
        </div>
      ) : null}
    </div>
  );
}

/** What launcher.ts renders the dialog with; declared here, as launcher.ts loads this module. */
export interface DialogProps {
  opened: boolean;
  onClose(): void;
}

/**
 * The image-search dialog (the camera button's): full screen on a phone. Loaded on the first
 * click with react-easy-crop (see launcher.ts).
 */
export default function ImageSearchDialog({ opened, onClose }: DialogProps) {
  const { t } = useTranslation();
  // Read at once (no server rendering here), so a phone never sees the dialog jump to full screen.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('web.imageSearch.title')}
      fullScreen={phone}
      size="lg"
      centered
      radius={phone ? 0 : 'lg'}
      padding="lg"
      closeButtonProps={{ 'aria-label': t('web.close') }}
      // The launcher gives the focus back to the camera button (launcher.ts closeImageSearch).
      returnFocus={false}
      overlayProps={{ backgroundOpacity: 0.5, blur: 2 }}
      classNames={{ content: classes.dialog, body: classes.dialogBody }}
      data-testid="image-search-dialog"
    >
      <ImageSearchFlow onDone={onClose} />
    </Modal>
  );
}
