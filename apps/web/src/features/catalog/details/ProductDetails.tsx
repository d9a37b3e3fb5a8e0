import './mantine-styles';
import { Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProductDetail } from '@vitrine/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ProductFlags } from '../../../components/product';
import { logEvent } from '../../../lib/analytics';
import { formatNumber } from '../../../lib/format';
import { requestAddToCart } from '../../../lib/cart-events';
import { catalogHref } from '../list/params';
import { copyText } from './copy';
import classes from './details.module.css';
import { Gallery } from './Gallery';
import { ModelView } from './ModelView';
import { PriceBreaks } from './PriceBreaks';
import { RelatedShelf } from './RelatedShelf';
import { formatPrice, specRows } from './spec-rows';
import { isNotFound, productIdFrom, useProductDetail } from './useProductDetail';
import { ShareToChatButton } from '../../../components/ShareToChatButton';

export type DetailsVariant = 'showroom' | 'ecommerce';

/** Where the page's way back leads. */
const LIST_PATH: Record<DetailsVariant, string> = { showroom: '/productDisplay', ecommerce: '/ecommerce' };

/**
 * The product page, /productDetails?id= (and /ecommerceDetails?id=, its e-commerce variant that
 * leads back to the e-commerce list and puts the price first): pictures with zoom, video, the 3D
 * model, every label that has a value, the copyable number, the add-to-sample-cart button, and
 * similar and recommended products. Each product is a fresh page (not kept alive).
 */
export function ProductDetails({ variant = 'showroom' }: { variant?: DetailsVariant }) {
  const [search] = useSearchParams();
  const id = productIdFrom(search);
  // A new product starts from scratch: no state carries over from the previous one.
  return <ProductDetailsFor key={id ?? 'none'} id={id} variant={variant} />;
}

function ProductDetailsFor({ id, variant }: { id: number | null; variant: DetailsVariant }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const query = useProductDetail(id);
  useBrowseLog(id, pathname);

  let content: ReactNode;
  if (id === null || (query.isError && isNotFound(query.error))) {
    content = <NotFound variant={variant} />;
  } else if (query.isError) {
    content = (
      <Stack align="center" gap="md" py="xl" role="alert">
        <Title order={1} size="h3">
          {t('web.pages.productDetails')}
        </Title>
        <Text>{t('web.errors.pageFailed')}</Text>
        <Button onClick={() => void query.refetch()}>{t('web.retry')}</Button>
      </Stack>
    );
  } else if (!query.data) {
    content = <DetailsSkeleton />;
  } else {
    content = <Loaded product={query.data} variant={variant} />;
  }
  return (
    <Box className={classes.page} data-variant={variant}>
      {content}
    </Box>
  );
}

/** website_toy_browse, once per product viewed (not again on a re-render or a language switch). */
function useBrowseLog(id: number | null, path: string) {
  const logged = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || logged.current === id) return;
    logged.current = id;
    logEvent('website_toy_browse', { path, toy_id: id });
  }, [id, path]);
}

function NotFound({ variant }: { variant: DetailsVariant }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={48} className={classes.notFound}>
      <svg
        aria-hidden="true"
        focusable="false"
        width="64"
        height="64"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
      >
        <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
        <path d="m3 8 9 5 9-5M12 13v8" />
      </svg>
      <Title order={1} size="h3" ta="center">
        {t('catalog.productNotFound')}
      </Title>
      <Text c="dimmed" ta="center" maw="28rem">
        {t('web.details.notFoundHint')}
      </Text>
      <Button component={Link} to={LIST_PATH[variant]} variant="light">
        {variant === 'ecommerce' ? t('web.details.backToEcommerce') : t('web.details.backToProducts')}
      </Button>
    </Stack>
  );
}

function DetailsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <span className={classes.srOnly}>{t('web.loading')}</span>
      <Skeleton height={14} width={220} mb="lg" />
      <div className={classes.top}>
        <Skeleton className={classes.skeletonPicture} />
        <Stack gap="sm">
          <Skeleton height={30} width="80%" />
          <Skeleton height={18} width="40%" />
          <Skeleton height={40} width={200} mt="sm" />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={16} width={`${90 - (i % 3) * 15}%`} mt={6} />
          ))}
        </Stack>
      </div>
    </div>
  );
}

function Loaded({ product: p, variant }: { product: ProductDetail; variant: DetailsVariant }) {
  const { t } = useTranslation();
  const rows = specRows(p, (n) => t('web.details.days', { n: formatNumber(n) }));
  const price = formatPrice(p);
  const expired = p.is_expire === 1;
  const pictures =
    p.pictures.length > 0 ? p.pictures : p.picture ? [{ url: p.picture, width: null, height: null }] : [];
  const ecommerce = variant === 'ecommerce';

  const addToCart = () => {
    requestAddToCart({
      id: p.id,
      factory_id: p.factory_id,
      purchase_number: p.purchase_number,
      expired: p.is_expire === 1,
    });
    logEvent('toy_select_log', p.factory_id ? { toy_id: p.id, factory_id: p.factory_id } : { toy_id: p.id });
  };

  return (
    <>
      <nav aria-label={t('web.details.breadcrumb')} className={classes.breadcrumbNav}>
        <ol className={classes.crumbs}>
          <li>
            <Anchor component={Link} to={LIST_PATH[variant]} size="sm">
              {ecommerce ? t('web.pages.ecommerce') : t('web.nav.products')}
            </Anchor>
          </li>
          {p.category_path.map((c) => (
            <li key={c.id}>
              <Anchor component={Link} to={catalogHref({ category: c.id }, LIST_PATH[variant])} size="sm">
                {c.name}
              </Anchor>
            </li>
          ))}
          <li aria-current="page" className={classes.crumbCurrent}>
            {p.name}
          </li>
        </ol>
      </nav>

      <div className={classes.top}>
        {/*
         * The summary comes first in the page's order, the pictures are drawn first (CSS order):
         * the keyboard and screen readers reach the name, price and "Add to sample cart" right
         * after the breadcrumb, not after every thumbnail (issue 21, item 13).
         */}
        <Stack gap="md" className={classes.summary}>
          <Title order={1} className={classes.name}>
            {p.name}
          </Title>
          {p.number !== null && p.number !== '' && (
            <Group gap="xs" wrap="nowrap" className={classes.numberRow}>
              <Text c="dimmed" size="sm">
                {t('web.details.number')}
              </Text>
              <Text fw={600} className={classes.number}>
                <bdi>{p.number}</bdi>
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => void copyText(p.number ?? '')}
                aria-label={t('web.details.copyNumber', { number: p.number })}
                leftSection={<CopyIcon />}
              >
                {t('web.details.copy')}
              </Button>
            </Group>
          )}
          <ProductFlags flags={p.flags} />

          {price && (
            <div className={classes.priceBox} data-emphasis={ecommerce || undefined}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('web.details.labels.price')}
              </Text>
              <Text className={classes.price}>
                <bdi>{price}</bdi>
              </Text>
            </div>
          )}

          <PriceBreaks product={p} />

          <div>
            <Button
              size={ecommerce ? 'lg' : 'md'}
              onClick={addToCart}
              disabled={expired}
              aria-describedby={expired ? 'details-expired' : undefined}
              leftSection={<CartIcon />}
              className={classes.cartButton}
            >
              {t('web.details.addToCart')}
            </Button>
            <ShareToChatButton products={() => [p]} size={ecommerce ? 'lg' : 'md'} ms="sm" />
            {expired && (
              <Badge
                id="details-expired"
                color="red"
                variant="light"
                size="lg"
                mt="xs"
                className={classes.expired}
                role="note"
              >
                {t('web.details.expired')}
              </Badge>
            )}
          </div>

          {rows.length > 0 && (
            <section aria-labelledby="details-specs">
              <Title order={2} size="h4" id="details-specs" mb="xs">
                {t('web.details.specs')}
              </Title>
              <dl className={classes.specs}>
                {rows.map((r) => (
                  <div key={r.label} className={classes.specRow} data-long={r.long || undefined}>
                    <dt>{t(`web.details.labels.${r.label}`)}</dt>
                    <dd>{r.long ? r.value : <bdi>{r.value}</bdi>}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </Stack>

        <Gallery pictures={pictures} name={p.name} />
      </div>

      {(p.video_url || p.model_url) && (
        <div className={classes.media}>
          {p.video_url && (
            <section aria-labelledby="details-video" className={classes.mediaItem}>
              <Title order={2} size="h4" id="details-video" mb="xs">
                {t('web.details.video')}
              </Title>
              <video
                className={classes.video}
                src={p.video_url}
                controls
                preload="metadata"
                playsInline
                aria-labelledby="details-video"
              />
            </section>
          )}
          {p.model_url && (
            <section aria-labelledby="details-model" className={classes.mediaItem}>
              <Title order={2} size="h4" id="details-model" mb="xs">
                {t('web.details.model')}
              </Title>
              <ModelView src={p.model_url} name={p.name} />
            </section>
          )}
        </div>
      )}

      <RelatedShelf
        call="get_toy_similar"
        productId={p.id}
        title={t('web.details.similar')}
        ecommerce={ecommerce}
      />
      <RelatedShelf
        call="get_recommend_detail"
        productId={p.id}
        title={t('web.details.recommended')}
        ecommerce={ecommerce}
        onPick={(item) =>
          logEvent(
            'toy_recommend_select_log',
            item.factory_id ? { toy_id: item.id, factory_id: item.factory_id } : { toy_id: item.id },
          )
        }
      />
    </>
  );
}

const CopyIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </svg>
);

const CartIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.6L22 7H6" />
  </svg>
);
