import { ActionIcon, Badge, Button, Card, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { PRODUCT_LIMITS, type StaffProduct } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWithTip, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { PICTURE_TYPES, uploadPicture } from '../../lib/upload';
import { UploadStatus } from '../../components/PictureField';

type Slot = { picture_id: number } | { url: string };

/**
 * A product's pictures, the main one first. Each change is saved at once (uploads go to storage
 * first, then staff_set_product_pictures re-encodes and indexes them), so a picture is never
 * held only in the browser.
 */
export function PicturesEditor({
  product,
  editable,
  onSaved,
}: {
  product: StaffProduct;
  editable: boolean;
  onSaved(p: StaffProduct): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const pictures = product.pictures;
  const kept = (): Slot[] => pictures.map((p) => ({ picture_id: p.id }));

  const save = async (slots: Slot[]) => {
    setBusy(true);
    setProblem('');
    try {
      const { data, tip } = await callWithTip('staff_set_product_pictures', {
        id: product.id,
        updated_at: product.updated_at,
        pictures: slots,
      });
      notifySuccess(tip);
      onSaved(data);
    } catch (e) {
      setProblem(isApiError(e) ? e.tip : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (files: File[]): Promise<string[] | null> => {
    const urls: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        setProgress(i / files.length);
        urls.push(await uploadPicture(file, (f) => setProgress((i + f) / files.length)));
      }
      return urls;
    } catch (e) {
      setProblem(t('ui.settings.uploadFailed', { reason: isApiError(e) ? e.tip : (e as Error).message }));
      return null;
    } finally {
      setProgress(null);
    }
  };

  const add = async (files: File[]) => {
    const room = PRODUCT_LIMITS.PICTURES_MAX - pictures.length;
    const urls = await upload(files.slice(0, room));
    if (urls) await save([...kept(), ...urls.map((url) => ({ url }))]);
  };
  const replace = async (index: number, file: File | null) => {
    if (!file) return;
    const urls = await upload([file]);
    const slots = kept();
    if (urls?.[0]) {
      slots[index] = { url: urls[0] };
      await save(slots);
    }
  };
  const move = (from: number, to: number) => {
    const slots = kept();
    const [item] = slots.splice(from, 1);
    if (item) slots.splice(to, 0, item);
    void save(slots);
  };
  const remove = (index: number) => void save(kept().filter((_, i) => i !== index));

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="stretch">
        {pictures.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ui.products.pictures.none')}
          </Text>
        )}
        {pictures.map((p, i) => (
          <Card key={p.id} withBorder padding="xs" w={168}>
            <Card.Section>
              <Image
                src={p.url}
                alt={t('ui.products.pictures.alt', { position: i + 1 })}
                h={140}
                fit="contain"
                bg="gray.1"
              />
            </Card.Section>
            <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
              {i === 0 ? (
                <Badge size="sm">{t('ui.products.pictures.main')}</Badge>
              ) : editable ? (
                <Button size="compact-xs" variant="subtle" disabled={busy} onClick={() => move(i, 0)}>
                  {t('ui.products.pictures.makeMain')}
                </Button>
              ) : (
                <span />
              )}
              {editable && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={busy || i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={t('ui.products.pictures.earlier', { position: i + 1 })}
                  >
                    ←
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    disabled={busy || i === pictures.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t('ui.products.pictures.later', { position: i + 1 })}
                  >
                    →
                  </ActionIcon>
                </Group>
              )}
            </Group>
            {editable && (
              <Group gap={4} mt={4} wrap="nowrap">
                <FileButton onChange={(f) => void replace(i, f)} accept={PICTURE_TYPES.join(',')}>
                  {(props) => (
                    <Button
                      {...props}
                      size="compact-xs"
                      variant="light"
                      disabled={busy}
                      aria-label={t('ui.products.pictures.replaceOne', { position: i + 1 })}
                    >
                      {t('ui.products.pictures.replace')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  onClick={() => remove(i)}
                  aria-label={t('ui.products.pictures.removeOne', { position: i + 1 })}
                >
                  {t('ui.common.remove')}
                </Button>
              </Group>
            )}
          </Card>
        ))}
      </Group>
      {editable && (
        <Group gap="sm">
          <FileButton onChange={(f) => void add(f)} accept={PICTURE_TYPES.join(',')} multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={busy || progress !== null}
                disabled={pictures.length >= PRODUCT_LIMITS.PICTURES_MAX}
              >
                {t('ui.products.pictures.add')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('ui.products.pictures.hint', { max: PRODUCT_LIMITS.PICTURES_MAX })}
          </Text>
        </Group>
      )}
      <UploadStatus progress={progress} problem={problem} />
    </Stack>
  );
}
