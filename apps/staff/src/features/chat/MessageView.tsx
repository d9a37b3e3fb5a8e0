import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { MessageElement, SharedProduct } from '@vitrine/contract';
import { linkify } from '@vitrine/web-core/chat-text';
import { useTranslation } from 'react-i18next';

/** Only http(s) and same-site addresses reach src or href. */
const safeSrc = (url: string): string | undefined =>
  (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url) ? url : undefined;

function Text_({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
      {linkify(text).map((p, i) =>
        p.kind === 'link' ? (
          <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer" inherit>
            {p.text}
          </Anchor>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </Text>
  );
}

function Products({ products }: { products: SharedProduct[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} aria-label={t('ui.chat.kinds.sharePro')} role="list">
      {products.map((p) => (
        <Paper key={p.ToyId} withBorder p={4} radius="sm" role="listitem">
          <Group gap="xs" wrap="nowrap">
            {safeSrc(p.Picture) ? <Image src={safeSrc(p.Picture)} w={60} h={60} radius="sm" alt="" /> : null}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {p.ToyName}
              </Text>
              <Text size="xs" c="dimmed">
                {[p.ToyNumber, p.ArticleNumber].filter(Boolean).join(' · ') || `#${p.ToyId}`}
              </Text>
              {p.Price ? (
                <Text size="xs" c="red.8" fw={600}>
                  {p.Price}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** One element of a message, as the buyer sent it; text is never HTML. */
export function MessageElementView({ item }: { item: MessageElement }) {
  const { t } = useTranslation();
  if (item.type === 'text') return <Text_ text={item.content} />;
  if (item.type === 'image') {
    const src = safeSrc(item.content.url);
    return src ? (
      <Anchor href={src} target="_blank" rel="noopener noreferrer">
        <Image src={src} alt={t('ui.chat.kinds.image')} mah={220} w="auto" radius="sm" />
      </Anchor>
    ) : null;
  }
  const c = item.content;
  if (c.description === 'photo') {
    const src = safeSrc(c.data.url);
    return src ? <Image src={src} alt={t('ui.chat.kinds.photo')} mah={220} w="auto" radius="sm" /> : null;
  }
  if (c.description === 'video') {
    const src = safeSrc(c.data.url);
    return src ? (
      <video
        src={src}
        poster={safeSrc(c.data.poster)}
        controls
        preload="none"
        style={{ maxWidth: '100%', maxHeight: 220 }}
        aria-label={t('ui.chat.kinds.video')}
      />
    ) : null;
  }
  if (c.description === 'audio') {
    const src = safeSrc(c.data.url);
    return src ? <audio src={src} controls preload="none" aria-label={t('ui.chat.kinds.audio')} /> : null;
  }
  return <Products products={c.data} />;
}

/** A one-line preview of a message for the conversation list. */
export function previewText(content: MessageElement[] | undefined, t: (k: string) => string): string {
  const first = content?.[0];
  if (!first) return '';
  if (first.type === 'text') return first.content;
  if (first.type === 'image') return `[${t('ui.chat.kinds.image')}]`;
  return `[${t(`ui.chat.kinds.${first.content.description}`)}]`;
}
