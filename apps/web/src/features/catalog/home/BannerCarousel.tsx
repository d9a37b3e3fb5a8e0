import type { CallResponse } from '@vitrine/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductPicture } from '../../../components/product';
import { bannerPicture, type BannerVariant } from './banner-picture';
import classes from './home.module.css';

type Banner = CallResponse<'get_advert'>[number];

const INTERVAL_MS = 5000;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const link = banner.link.trim();
  if (!link) return <>{children}</>;
  if (/^https?:\/\//i.test(link))
    return (
      <a href={link} className={classes.bannerLink} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  return (
    <Link to={link} className={classes.bannerLink}>
      {children}
    </Link>
  );
}

export interface BannerCarouselProps {
  banners: readonly Banner[];
  /** The look of the layout it sits in (wide, boxed beside a sidebar, editorial, compact strip). */
  variant: BannerVariant;
}

/**
 * The home banners as an accessible carousel: previous and next buttons, a pause button, dots;
 * it turns by itself every 5 s unless paused, hovered, focused, or the buyer prefers less motion.
 */
export function BannerCarousel({ banners, variant }: BannerCarouselProps) {
  const { t } = useTranslation();
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [held, setHeld] = useState(false);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [playing, held, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      className={classes.carousel}
      data-variant={variant}
      aria-roledescription="carousel"
      aria-label={t('web.home.banners')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className={classes.slides} aria-live={playing && !held ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('web.home.carousel.slide', { n: i + 1, total: count })}
            hidden={i !== current}
          >
            <BannerLink banner={banner}>
              <ProductPicture
                src={banner.picture}
                alt={banner.title}
                {...bannerPicture(variant)}
                fit="cover"
                priority={i === 0}
                className={classes.bannerPicture}
              />
              {banner.title ? <span className={classes.caption}>{banner.title}</span> : null}
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={classes.controls}>
          <button
            type="button"
            className={classes.control}
            onClick={() => go(current - 1)}
            aria-label={t('web.home.carousel.previous')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={classes.flipRtl}>
              <path d="m15 6-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <button
            type="button"
            className={classes.control}
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('web.home.carousel.pause') : t('web.home.carousel.play')}
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
                <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={classes.flipRtl}>
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            )}
          </button>
          <div className={classes.dots}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={classes.dot}
                aria-label={t('web.home.carousel.goTo', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={classes.control}
            onClick={() => go(current + 1)}
            aria-label={t('web.home.carousel.next')}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={classes.flipRtl}>
              <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
