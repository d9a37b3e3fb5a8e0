import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Red confirm button: something is taken away. */
  danger?: boolean;
  /** More to fill in before confirming (a note); read through the children's own state. */
  children?: ReactNode;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** Every destructive action asks first, in a modal that takes the focus. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal opened={options !== null} onClose={() => answer(false)} title={options?.title} centered>
        {options && (
          <Stack>
            <Text>{options.message}</Text>
            {options.children}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => answer(false)}>
                {t('ui.common.cancel')}
              </Button>
              <Button color={options.danger ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
                {options.confirmLabel ?? t('ui.common.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
