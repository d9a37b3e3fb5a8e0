import { ActionIcon, Group, Modal, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ProductDetail } from '@vitrine/contract';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductPicture } from '../../../components/product';
import classes from './details.module.css';

type Picture = ProductDetail['pictures'][number];

/** Width over height of a picture; square when the server does not know its size. */
export const ratioOf = (p: Picture | undefined): number =>
  p?.width && p.height && p.width > 0 && p.height > 0 ? p.width / p.height : 1;

/** The step an arrow key means: in right-to-left text the left arrow moves forward. */
function arrowStep(key: string, rtl: boolean): number {
  if (key === 'ArrowRight') return rtl ? -1 : 1;
  if (key === 'ArrowLeft') return rtl ? 1 : -1;
  return 0;
}

const Chevron = ({ back }: { back?: boolean }) => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    className={classes.chevron}
    data-back={back || undefined}
  >
    <path d="m9 6 6 6-6 6" />
  </svg>
);

/**
 * The product's pictures: the main one (magnified under the pointer on a desktop, opened in a
 * zoom view on a tap or click) and thumbnails. The arrow keys move between pictures, in the
 * zoom view too; Escape closes it. Boxes keep the picture's proportions, so nothing shifts.
 */
export function Gallery({ pictures, name }: { pictures: Picture[]; name: string }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const canHover = useMediaQuery('(hover: hover) and (pointer: fine)');

  const total = pictures.length;
  const current = pictures[Math.min(index, Math.max(total - 1, 0))];
  const ratio = ratioOf(current);
  const alt = (i: number) => (total > 1 ? t('web.details.pictureOf', { name, index: i + 1, total }) : name);
  const go = (step: number) => {
    if (total < 2) return;
    setIndex((i) => (i + step + total) % total);
    setZoomed(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = arrowStep(e.key, rtl);
    if (step !== 0) {
      e.preventDefault();
      go(step);
    }
  };
  const onMove = (e: MouseEvent<HTMLElement>) => {
    if (!canHover) return;
    const box = e.currentTarget.getBoundingClientRect();
    setLens({
      x: ((e.clientX - box.left) / box.width) * 100,
      y: ((e.clientY - box.top) / box.height) * 100,
    });
  };
  const lensStyle = lens
    ? ({ '--lens-x': `${lens.x}%`, '--lens-y': `${lens.y}%` } as CSSProperties)
    : undefined;

  return (
    <section className={classes.gallery} aria-label={t('web.details.pictures')} onKeyDown={onKeyDown}>
      <UnstyledButton
        className={classes.stage}
        style={{ aspectRatio: String(ratio), ...lensStyle }}
        data-magnify={lens ? true : undefined}
        onMouseMove={onMove}
        onMouseLeave={() => setLens(null)}
        onClick={() => setZoomOpen(true)}
        aria-label={t('web.details.zoom')}
        aria-haspopup="dialog"
        disabled={!current}
      >
        <ProductPicture
          key={current?.url ?? ''}
          src={current?.url}
          alt={current ? alt(index) : name}
          ratio={ratio}
          priority
          defaultWidth={800}
          sizes="(max-width: 48em) 100vw, 560px"
          className={classes.stagePicture}
        />
      </UnstyledButton>

      {total > 1 && (
        <div className={classes.thumbs} role="list" aria-label={t('web.details.thumbnails')}>
          {pictures.map((p, i) => (
            <div role="listitem" key={`${p.url}-${i}`}>
              <UnstyledButton
                className={classes.thumb}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t('web.details.showPicture', { index: i + 1, total })}
                onClick={() => {
                  setIndex(i);
                  setZoomed(false);
                }}
              >
                <ProductPicture src={p.url} alt="" ratio={1} defaultWidth={160} sizes="72px" />
              </UnstyledButton>
            </div>
          ))}
        </div>
      )}

      <Modal
        opened={zoomOpen && Boolean(current)}
        onClose={() => {
          setZoomOpen(false);
          setZoomed(false);
        }}
        fullScreen={phone}
        size="min(92vw, 1100px)"
        centered
        title={total > 1 ? t('web.details.pictureOf', { name, index: index + 1, total }) : name}
        closeButtonProps={{ 'aria-label': t('web.close') }}
        classNames={{ body: classes.zoomBody, title: classes.zoomTitle }}
      >
        <div className={classes.zoomFrame} onKeyDown={onKeyDown} data-zoomed={zoomed || undefined}>
          <UnstyledButton
            className={classes.zoomPicture}
            onClick={() => setZoomed((z) => !z)}
            aria-label={zoomed ? t('web.details.zoomOut') : t('web.details.zoomIn')}
            aria-pressed={zoomed}
            style={{ aspectRatio: String(ratio), '--zoom-ratio': String(ratio) } as CSSProperties}
          >
            <ProductPicture
              key={current?.url ?? ''}
              src={current?.url}
              alt={current ? alt(index) : name}
              ratio={ratio}
              priority
              defaultWidth={800}
              sizes="100vw"
            />
          </UnstyledButton>
        </div>
        {total > 1 && (
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              onClick={() => go(-1)}
              aria-label={t('web.details.previousPicture')}
            >
              <Chevron back />
            </ActionIcon>
            <Text size="sm" c="dimmed" aria-live="polite">
              {index + 1} / {total}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              onClick={() => go(1)}
              aria-label={t('web.details.nextPicture')}
            >
              <Chevron />
            </ActionIcon>
          </Group>
        )}
      </Modal>
    </section>
  );
}
