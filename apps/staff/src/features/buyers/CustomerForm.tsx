import { Alert, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { StaffCustomer } from '@vitrine/contract';
import { STAFF_LIMITS } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PictureField } from '../../components/PictureField';

export interface CustomerFields {
  customer_name: string;
  avatar: string;
  nickname: string;
  email: string;
  phone: string;
  country: string;
  password: string;
}

interface Props {
  /** The buyer being edited; null: a new one. */
  customer: StaffCustomer | null;
  opened: boolean;
  busy: boolean;
  problem: string;
  onClose(): void;
  onSubmit(fields: CustomerFields): void;
}

const empty: CustomerFields = {
  customer_name: '',
  avatar: '',
  nickname: '',
  email: '',
  phone: '',
  country: '',
  password: '',
};

export function CustomerForm({ customer, opened, busy, problem, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<CustomerFields>(() =>
    customer ? { ...customer, password: '' } : empty,
  );
  const bind = (key: keyof CustomerFields) => ({
    value: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [key]: value }));
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        customer ? t('ui.buyers.editTitle', { name: customer.customer_name }) : t('ui.buyers.createTitle')
      }
      size="lg"
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(fields);
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('ui.buyers.name')}
              required
              maxLength={100}
              data-autofocus
              {...bind('customer_name')}
            />
            <TextInput label={t('ui.buyers.nickname')} maxLength={100} {...bind('nickname')} />
            <TextInput label={t('ui.buyers.email')} type="email" maxLength={200} {...bind('email')} />
            <TextInput label={t('ui.buyers.phone')} maxLength={32} {...bind('phone')} />
            <TextInput label={t('ui.buyers.country')} maxLength={64} {...bind('country')} />
            {!customer && (
              <PasswordInput
                label={t('ui.buyers.password')}
                description={t('ui.password.optionalHint')}
                minLength={STAFF_LIMITS.PASSWORD_MIN_LENGTH}
                autoComplete="new-password"
                {...bind('password')}
              />
            )}
          </SimpleGrid>
          <PictureField
            label={t('ui.buyers.avatar')}
            value={fields.avatar}
            onChange={(avatar) => setFields((f) => ({ ...f, avatar }))}
          />
          <div aria-live="polite">{problem && <Alert color="red">{problem}</Alert>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {customer ? t('ui.common.save') : t('ui.common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
