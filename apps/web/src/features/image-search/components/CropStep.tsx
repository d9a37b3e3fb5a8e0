import 'react-easy-crop/react-easy-crop.css';
import { Button, Slider } from '@mantine/core';
import { IMAGE_SEARCH_MIN_SIDE } from '@vitrine/contract';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropRect, isCropLargeEnough, type Rect } from '../rules';
import { sizeText } from './size-text';
import type { PickedImage } from './PickStep';
import classes from './image-search.module.css';

export const MIN_ZOOM = 1;
/** Deep enough to reach well under the minimum crop on a large photo; the size shown warns first. */
export const MAX_ZOOM = 8;
const ZOOM_STEP = 0.25;

type Shape = 'picture' | 'square';

const SHAPES = [
  { value: 'picture', label: 'web.imageSearch.shapePicture' },
  { value: 'square', label: 'web.imageSearch.shapeSquare' },
] as const satisfies readonly { value: Shape; label: string }[];

const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

interface CropStepProps {
  picked: PickedImage;
  /** Shown under the tool (a failed upload); the crop is kept for another try. */
  problem?: string | null;
  onConfirm(crop: Rect): void;
  onPickAnother(): void;
}

/**
 * The crop tool: the picture under a frame the buyer moves (drag, arrow keys) and zooms (mouse
 * wheel, pinch, the slider or the − and + buttons). The frame keeps the picture's own shape, so
 * that at first the whole picture is searched, or is square. A crop under the minimum on either
 * side is refused with 'adjust the scale'.
 */
export function CropStep({ picked, problem, onConfirm, onPickAnother }: CropStepProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const problemId = useId();
  const shapeName = useId();
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [shape, setShape] = useState<Shape>('picture');
  const [area, setArea] = useState<Area | null>(null);
  const [tooSmall, setTooSmall] = useState(false);
  const { image } = picked;
  const crop = area ? cropRect(area, image) : null;
  const shownProblem = tooSmall
    ? t('web.imageSearch.problems.adjustScale', { min: IMAGE_SEARCH_MIN_SIDE })
    : (problem ?? null);

  const zoomTo = (z: number) => setZoom(clampZoom(Math.round(z * 100) / 100));

  const confirm = () => {
    if (!crop) return;
    if (!isCropLargeEnough(crop)) {
      setTooSmall(true);
      return;
    }
    onConfirm(crop);
  };

  return (
    <div className={classes.crop}>
      <p className={classes.note}>{t('web.imageSearch.cropHint')}</p>
      {/* Pixel geometry, not text: the tool works the same way in a right-to-left language. */}
      <div className={classes.cropArea} dir="ltr" data-testid="image-search-crop">
        <Cropper
          image={picked.url}
          crop={position}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={shape === 'square' ? 1 : image.width / image.height}
          objectFit="contain"
          showGrid
          zoomWithScroll
          disableAutomaticStylesInjection
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => {
            setArea(pixels);
            setTooSmall(false);
          }}
          mediaProps={{ alt: '' }}
          cropperProps={{
            role: 'group',
            'aria-label': t('web.imageSearch.cropArea'),
            'aria-describedby': sizeId,
          }}
        />
      </div>

      <div className={classes.controls}>
        <div className={classes.zoom}>
          <button
            type="button"
            className={classes.zoomButton}
            onClick={() => zoomTo(zoom - ZOOM_STEP)}
            disabled={zoom <= MIN_ZOOM}
            aria-label={t('web.imageSearch.zoomOut')}
            title={t('web.imageSearch.zoomOut')}
          >
            −
          </button>
          <Slider
            className={classes.slider}
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            label={null}
            thumbLabel={t('web.imageSearch.zoom')}
            onChange={zoomTo}
          />
          <button
            type="button"
            className={classes.zoomButton}
            onClick={() => zoomTo(zoom + ZOOM_STEP)}
            disabled={zoom >= MAX_ZOOM}
            aria-label={t('web.imageSearch.zoomIn')}
            title={t('web.imageSearch.zoomIn')}
          >
            +
          </button>
        </div>
        <div role="radiogroup" aria-label={t('web.imageSearch.shape')} className={classes.shape}>
          {SHAPES.map(({ value, label }) => (
            <label key={value} className={classes.shapeOption} data-checked={shape === value || undefined}>
              <input
                type="radio"
                name={shapeName}
                value={value}
                checked={shape === value}
                onChange={() => setShape(value)}
                className={classes.shapeInput}
              />
              {t(label)}
            </label>
          ))}
        </div>
      </div>

      <p
        id={sizeId}
        className={classes.cropSize}
        data-too-small={crop && !isCropLargeEnough(crop) ? true : undefined}
        data-testid="image-search-crop-size"
      >
        {crop ? t('web.imageSearch.cropSize', { size: sizeText(crop) }) : '\u00a0'}
      </p>

      <div className={classes.messages}>
        {shownProblem ? (
          <p id={problemId} role="alert" className={classes.problem} data-testid="image-search-error">
            {shownProblem}
          </p>
        ) : null}
      </div>

      <div className={classes.actions}>
        <Button variant="default" onClick={onPickAnother}>
          {t('web.imageSearch.another')}
        </Button>
        <Button
          onClick={confirm}
          disabled={!crop}
          aria-describedby={shownProblem ? problemId : undefined}
          data-testid="image-search-confirm"
        >
          {t('web.imageSearch.search')}
        </Button>
      </div>
    </div>
  );
}
