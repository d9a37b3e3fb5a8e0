import { IMAGE_SEARCH_MIN_SIDE } from '@vitrine/contract';
import { type ChangeEvent, type DragEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../../components/icons';
import { decodeImage, type DecodedImage, readType } from '../image-io';
import { checkFile, checkSize, type PickableType, type SearchImageType, uploadTypeOf } from '../rules';
import classes from './image-search.module.css';
import { sizeText } from './size-text';

/** A picture that passed every check, decoded, with an address the crop tool can show. */
export interface PickedImage {
  /** The type its crop is sent as (a WebP goes as a JPEG). */
  type: SearchImageType;
  image: DecodedImage;
  url: string;
}

/** Frees what a picked picture holds (its decoded pixels and its address). */
export function releasePicked(picked: PickedImage): void {
  picked.image.release();
  URL.revokeObjectURL(picked.url);
}

/** What the file chooser offers; other files can still be chosen ("all files") or dropped. */
const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

type Checked = { ok: PickedImage } | { problem: string };

/**
 * Picks a picture (file chooser or drop) and checks it: JPEG, PNG or WebP by its name and by its
 * first bytes, not too large, readable, and of a regular size.
 */
export function PickStep({ onPicked }: { onPicked(picked: PickedImage): void }) {
  const { t } = useTranslation();
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);

  // A picture dropped beside the zone must not make the browser leave the showroom to show it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const check = async (file: File): Promise<Checked> => {
    const fileProblem = checkFile(file);
    if (fileProblem?.kind === 'type') return { problem: t('web.imageSearch.problems.type') };
    if (fileProblem?.kind === 'tooLarge') {
      return { problem: t('web.imageSearch.problems.tooLarge', { size: fileProblem.maxMb }) };
    }
    let type: PickableType | null;
    let image: DecodedImage;
    try {
      type = await readType(file);
      if (!type) return { problem: t('web.imageSearch.problems.type') };
      image = await decodeImage(file);
    } catch {
      return { problem: t('web.imageSearch.problems.unreadable') };
    }
    const sizeProblem = checkSize(image);
    if (sizeProblem) {
      image.release();
      if (sizeProblem.kind === 'unreadable') return { problem: t('web.imageSearch.problems.unreadable') };
      if (sizeProblem.kind === 'tooSmall') {
        return {
          problem: t('web.imageSearch.problems.tooSmall', {
            min: sizeProblem.min,
            size: sizeText(image),
          }),
        };
      }
      return { problem: t('web.imageSearch.problems.aspect', { ratio: sizeProblem.ratio }) };
    }
    return { ok: { type: uploadTypeOf(type), image, url: URL.createObjectURL(file) } };
  };

  const take = async (file: File | undefined) => {
    if (!file || reading) return;
    setProblem(null);
    setReading(true);
    const result = await check(file);
    setReading(false);
    if ('ok' in result) onPicked(result.ok);
    else setProblem(result.problem);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Choosing the same file again after fixing nothing still answers.
    event.currentTarget.value = '';
    void take(file);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className={classes.pick}>
      <div
        className={classes.dropZone}
        data-dragging={dragging || undefined}
        data-testid="image-search-drop"
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className={classes.dropIcon}>
          <CameraIcon width="100%" height="100%" strokeWidth={1.5} />
        </span>
        <p className={classes.intro}>{t('web.imageSearch.intro', { min: IMAGE_SEARCH_MIN_SIDE })}</p>
        <label className={classes.chooseButton} aria-disabled={reading || undefined}>
          <input
            type="file"
            accept={ACCEPT}
            className={classes.fileInput}
            onChange={onChange}
            disabled={reading}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
            data-testid="image-search-file"
            // The dialog opens on the button that picks a file, for keyboard users.
            data-autofocus
          />
          {t('web.imageSearch.choose')}
        </label>
        <p className={classes.dropHint}>{t('web.imageSearch.drop')}</p>
      </div>
      <div className={classes.messages}>
        {reading ? (
          <p role="status" className={classes.note}>
            {t('web.imageSearch.reading')}
          </p>
        ) : null}
        {problem ? (
          <p id={problemId} role="alert" className={classes.problem} data-testid="image-search-error">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
