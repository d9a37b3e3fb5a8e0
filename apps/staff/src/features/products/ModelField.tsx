import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_LIMITS } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadStatus } from '../../components/PictureField';
import { isApiError } from '../../lib/api';
import { UploadError, uploadModel } from '../../lib/upload';

const MB = 1024 * 1024;

/**
 * A product's 3D model (decision 0060): a GLB uploaded to storage at once, linked to the product
 * when it is saved (the server checks the file as a glTF 2.0 binary then, and on upload).
 */
export function ModelField({
  url,
  editable,
  onChange,
}: {
  url: string;
  editable: boolean;
  onChange(url: string): void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const maxMb = PRODUCT_LIMITS.MODEL_MAX_BYTES / MB;

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      onChange(await uploadModel(file, PRODUCT_LIMITS.MODEL_MAX_BYTES, setProgress));
    } catch (e) {
      const reason =
        e instanceof UploadError && e.message === 'type'
          ? t('ui.products.model.notGlb')
          : e instanceof UploadError && e.message === 'tooLarge'
            ? t('ui.products.model.tooLarge', { mb: maxMb })
            : isApiError(e)
              ? e.tip
              : (e as Error).message;
      setProblem(t('ui.settings.uploadFailed', { reason }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {t('ui.products.field.model')}
        </Text>
        {url ? (
          <Anchor href={url} size="sm" target="_blank" rel="noreferrer">
            {t('ui.products.modelLink')}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ui.common.none')}
          </Text>
        )}
        {editable && (
          <FileButton onChange={(f) => void upload(f)} accept=".glb,model/gltf-binary">
            {(props) => (
              <Button {...props} size="compact-xs" variant="light" loading={progress !== null}>
                {url ? t('ui.products.model.replace') : t('ui.products.model.upload')}
              </Button>
            )}
          </FileButton>
        )}
        {editable && url && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange('')}>
            {t('ui.common.remove')}
          </Button>
        )}
      </Group>
      {editable && (
        <Text size="xs" c="dimmed">
          {t('ui.products.model.hint', { mb: maxMb })}
        </Text>
      )}
      <UploadStatus progress={progress} problem={problem} />
    </Stack>
  );
}
