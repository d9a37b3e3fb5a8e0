import { Alert, Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { PICTURE_TYPES, uploadPicture } from '../lib/upload';

interface Props {
  label: string;
  value: string;
  onChange(url: string): void;
}

/** A picture setting: what it is now, an upload button with progress, and its failure. */
export function PictureField({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem('');
    setProgress(0);
    try {
      onChange(await uploadPicture(file, setProgress));
    } catch (e) {
      setProblem(t('ui.settings.uploadFailed', { reason: isApiError(e) ? e.tip : (e as Error).message }));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" align="center">
        {value ? (
          <Image src={value} alt={label} h={48} w={96} fit="contain" bg="gray.1" radius="sm" />
        ) : (
          <Text size="xs" c="dimmed">
            {t('ui.common.none')}
          </Text>
        )}
        <FileButton onChange={(f) => void upload(f)} accept={PICTURE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              loading={progress !== null}
              aria-label={`${t('ui.settings.upload')}: ${label}`}
            >
              {t('ui.settings.upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onChange('')}
            aria-label={`${t('ui.settings.clearPicture')}: ${label}`}
          >
            {t('ui.settings.clearPicture')}
          </Button>
        )}
      </Group>
      <UploadStatus progress={progress} problem={problem} />
    </Stack>
  );
}

/** An upload's progress and its refusal, announced politely (the picture fields and the product's pictures). */
export function UploadStatus({ progress, problem }: { progress: number | null; problem: string | null }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {progress !== null && (
        <>
          <Text size="xs">{t('ui.settings.uploading', { percent: Math.round(progress * 100) })}</Text>
          <Progress value={progress * 100} size="sm" aria-hidden />
        </>
      )}
      {problem && (
        <Alert color="red" p="xs">
          {problem}
        </Alert>
      )}
    </div>
  );
}
