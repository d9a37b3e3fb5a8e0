import { useTranslation } from 'react-i18next';
import { useSite } from '../../../app/layout/useShowroom';
import { linkify, SHARE_PICTURE_PX, shareNumber, type ContentItem, type SharedProduct } from '../chat-rules';
import classes from './chat.module.css';

/** Text with its http(s) links as safe links; never as HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className={classes.text} dir="auto">
      {linkify(text).map((piece, i) =>
        piece.kind === 'link' ? (
          <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </a>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </p>
  );
}

/** Only http(s) and same-site addresses reach src or href. */
function safeSrc(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (url.startsWith('blob:')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function SharedProducts({ products }: { products: SharedProduct[] }) {
  const { t } = useTranslation();
  const numberType = useSite()?.number_type ?? 1;
  return (
    <ul className={classes.shares} aria-label={t('web.chat.sharedProducts')}>
      {products.map((p) => {
        const number = shareNumber(p, numberType);
        const picture = safeSrc(p.Picture);
        return (
          <li key={p.ToyId}>
            {/* Product details open in a new tab from a shared product (spec section 1). */}
            <a
              className={classes.share}
              href={`/productDetails?id=${encodeURIComponent(String(p.ToyId))}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {picture ? (
                <img src={picture} alt="" width={SHARE_PICTURE_PX} height={SHARE_PICTURE_PX} loading="lazy" />
              ) : (
                <span className={classes.sharePlaceholder} aria-hidden="true" />
              )}
              <span className={classes.shareText}>
                <span className={classes.shareName} dir="auto">
                  {p.ToyName}
                </span>
                {number ? <bdi className={classes.shareNumber}>{number}</bdi> : null}
                {p.Price ? <bdi className={classes.sharePrice}>{p.Price}</bdi> : null}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** One part of a message: text, a picture, a photo, a video with its poster, audio or products. */
export function MessagePart({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  if (item.type === 'text') return <MessageText text={item.content} />;
  const photo = item.type === 'custom' && item.content.description === 'photo' ? item.content.data : null;
  if (item.type === 'image' || photo) {
    const src = safeSrc(item.type === 'image' ? item.content.url : (photo?.url ?? ''));
    if (!src) return null;
    return (
      <a href={src} target="_blank" rel="noopener noreferrer" className={classes.pictureLink}>
        <img
          src={src}
          alt={t(item.type === 'image' ? 'web.chat.image' : 'web.chat.photo')}
          className={classes.picture}
        />
      </a>
    );
  }
  const custom = item.content;
  if (custom.description === 'video') {
    const src = safeSrc(custom.data.url);
    if (!src) return null;
    return (
      <video
        className={classes.video}
        src={src}
        poster={safeSrc(custom.data.poster)}
        controls
        preload="none"
        aria-label={t('web.chat.video')}
      />
    );
  }
  if (custom.description === 'audio') {
    const src = safeSrc(custom.data.url);
    if (!src) return null;
    return (
      <audio className={classes.audio} src={src} controls preload="none" aria-label={t('web.chat.audio')} />
    );
  }
  if (custom.description === 'sharePro') return <SharedProducts products={custom.data} />;
  return null;
}
