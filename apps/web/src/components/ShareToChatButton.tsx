import { Button, type ButtonProps } from '@mantine/core';
import type { ProductCard } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { isCustomer, useSite, useUser } from '../app/layout/useShowroom';
import { shareToChat, toSharedProduct } from '../lib/chat-share';
import { ChatIcon } from './icons';

/** The most products one shared card holds (the contract's CHAT_LIMITS.SHARE_MAX_PRODUCTS). */
export const SHARE_MAX_PRODUCTS = 20;

/**
 * 'Share in chat': sends products to customer service as one card message and opens the chat.
 * Shown only to customers with a chat id, who are the only ones with a chat.
 */
export function ShareToChatButton({
  products,
  ...button
}: { products: () => ProductCard[] } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const { t } = useTranslation();
  const user = useUser();
  const site = useSite();
  if (!isCustomer(user) || !user?.chat_id) return null;
  const share = () => {
    const list = products().slice(0, SHARE_MAX_PRODUCTS);
    shareToChat(list.map((p) => toSharedProduct(p, site?.number_type ?? 1)));
  };
  return (
    <Button variant="default" leftSection={<ChatIcon />} {...button} onClick={share}>
      {t('web.chat.share')}
    </Button>
  );
}
