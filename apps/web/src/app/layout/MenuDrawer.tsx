import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

interface MenuDrawerProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  bodyClassName: string;
  children: ReactNode;
}

/**
 * The phone menu. Loaded on first use (React.lazy in Header), so its Drawer, scroll area and
 * focus-trap code stay out of the first page's JavaScript on every screen.
 */
export default function MenuDrawer({
  id,
  opened,
  onClose,
  title,
  closeLabel,
  bodyClassName,
  children,
}: MenuDrawerProps) {
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(22rem, 88vw)"
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      classNames={{ body: bodyClassName }}
    >
      {children}
    </Drawer>
  );
}
