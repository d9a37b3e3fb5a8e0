import { Anchor, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type CallResponse, ORDER_LIMITS } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callWithTip } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { UploadError, postWithCredential } from '../../lib/upload';

type StaffOrder = CallResponse<'staff_get_order'>;
type AnnexType = (typeof ORDER_LIMITS.ANNEX_TYPES)[number];

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(bytes / 1024 / 1024, 1)} MB`
    : `${formatNumber(Math.ceil(bytes / 1024))} kB`;

/** The order's files (contracts, packing lists, photos): listed, and uploaded by staff. */
export function Attachments({ data, onChange }: { data: StaffOrder; onChange(data: StaffOrder): void }) {
  const { t } = useTranslation();
  const { order } = data;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const type = ORDER_LIMITS.ANNEX_TYPES.find((x) => x === file.type) as AnnexType | undefined;
      if (!type) throw new UploadError('type');
      if (file.size > ORDER_LIMITS.ANNEX_MAX_BYTES) throw new UploadError('tooLarge');
      const auth = await call('staff_get_order_upload_credential', { content_type: type });
      setProgress(0);
      const url = await postWithCredential(auth, file, setProgress);
      return callWithTip('staff_attach_order_file', {
        id: order.id,
        url,
        file_name: file.name.slice(0, 200),
      });
    },
    onMutate: () => setProblem(null),
    onSuccess: ({ data: next, tip }) => {
      onChange(next);
      notifySuccess(tip);
    },
    onError: (error) => {
      if (error instanceof UploadError) {
        const known = ['type', 'tooLarge', 'network'].includes(error.message);
        setProblem(
          known
            ? t(`ui.attachments.error.${error.message}`, { max: ORDER_LIMITS.ANNEX_MAX_BYTES / 1024 / 1024 })
            : t('ui.attachments.error.other', { reason: error.message }),
        );
      } else notifyError(error);
    },
    onSettled: () => setProgress(null),
  });

  const mayAttach = order.actions.includes('attach');
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('ui.attachments.title')}
        </Title>
        {mayAttach && (
          <FileButton
            onChange={(file) => file && upload.mutate(file)}
            accept={ORDER_LIMITS.ANNEX_TYPES.join(',')}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                {t('ui.attachments.upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {mayAttach && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('ui.attachments.hint', { max: ORDER_LIMITS.ANNEX_MAX_BYTES / 1024 / 1024 })}
        </Text>
      )}
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label={t('ui.attachments.uploading')} mb="xs" />
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert" mb="xs">
          {problem}
        </Text>
      )}
      {order.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ui.attachments.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {order.attachments.map((a) => (
            <div key={a.id}>
              <Anchor
                href={a.url}
                target="_blank"
                rel="noopener"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {a.file_name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {sizeOf(a.size)} · {a.uploaded_by_name || t(`ui.orders.actor.${a.uploaded_by}`)} ·{' '}
                {formatDateTime(a.created_at)}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
