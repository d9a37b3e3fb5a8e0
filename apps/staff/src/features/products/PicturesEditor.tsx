import { ActionIcon, Badge, Button, Card, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { PRODUCT_LIMITS, type StaffProduct } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWithTip, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { PICTURE_TYPES, uploadPicture } from '../../lib/upload';
import { UploadStatus } from '../../components/PictureField';

type Slot = { picture_id: number } | { url: string };

const PICTURE_MB = PRODUCT_LIMITS.PICTURE_MAX_BYTES / (1024 * 1024);

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

  /**
   * The files that may go up, and why any others may not: a picture is a JPG or PNG of at most
   * PICTURE_MAX_BYTES, and a product has at most PICTURES_MAX (the server refuses the rest too).
   */
  const acceptable = (files: File[], room: number): { fit: File[]; problems: string } => {
    const problems: string[] = [];
    const fit = files.filter((f) => {
      if (!PICTURE_TYPES.some((type) => type === f.type)) {
        problems.push(t('ui.products.pictures.notPicture', { name: f.name }));
        return false;
      }
      if (f.size > PRODUCT_LIMITS.PICTURE_MAX_BYTES) {
        problems.push(t('ui.products.pictures.tooLarge', { name: f.name, mb: PICTURE_MB }));
        return false;
      }
      return true;
    });
    if (fit.length > room)
      problems.push(
        t('ui.products.pictures.tooMany', {
          count: fit.length - room,
          max: PRODUCT_LIMITS.PICTURES_MAX,
        }),
      );
    return { fit: fit.slice(0, Math.max(0, room)), problems: problems.join(' ') };
  };
  /** Says what was left out, after whatever the save said. */
  const tell = (problems: string) =>
    problems && setProblem((before) => [before, problems].filter(Boolean).join(' '));

  const add = async (files: File[]) => {
    const room = PRODUCT_LIMITS.PICTURES_MAX - pictures.length;
    const { fit, problems } = acceptable(files, room);
    setProblem('');
    if (fit.length > 0) {
      const urls = await upload(fit);
      if (urls) await save([...kept(), ...urls.map((url) => ({ url }))]);
    }
    tell(problems);
  };
  const replace = async (index: number, file: File | null) => {
    if (!file) return;
    const { fit, problems } = acceptable([file], 1);
    setProblem('');
    tell(problems);
    if (fit.length === 0) return;
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
            {t('ui.products.pictures.hint', { max: PRODUCT_LIMITS.PICTURES_MAX, mb: PICTURE_MB })}
          </Text>
        </Group>
      )}
      <UploadStatus progress={progress} problem={problem} />
    </Stack>
  );
}
