import { Button, Group, Loader, Select, Text } from '@mantine/core';
import { type LangKey, LANGUAGES, type StaffLinesheetSelection } from '@vitrine/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWithTip } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * 'Linesheet PDF' (decision 0061): a PDF catalogue of a selection in the language of the buyer it
 * is for, drawn on the server off its request thread; the short-lived link is downloaded at once.
 */
export function LinesheetButton({
  selection,
  language: initial = 'en',
  size = 'sm',
  label,
}: {
  selection: () => StaffLinesheetSelection;
  /** The language chosen first: the buyer's, when there is one. */
  language?: string;
  size?: 'xs' | 'sm';
  /** The button's text (default: 'Linesheet PDF'). */
  label?: string;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LangKey>(LANGUAGES.find((l) => l.key === initial)?.key ?? 'en');
  const [done, setDone] = useState('');
  const linesheet = useMutation({
    mutationFn: () => callWithTip('staff_get_linesheet', { language, selection: selection() }),
    onMutate: () => setDone(''),
    onSuccess: ({ data }) => {
      const a = document.createElement('a');
      a.href = data.url;
      a.download = data.filename;
      document.body.append(a);
      a.click();
      a.remove();
      const ready = t('ui.linesheet.ready', { count: data.products });
      const message = data.language === language ? ready : `${ready}. ${t('ui.linesheet.printedInEnglish')}`;
      setDone(message);
      notifySuccess(message);
    },
    onError: notifyError,
  });
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        size={size}
        w={130}
        aria-label={t('ui.linesheet.language')}
        value={language}
        onChange={(v) => v && setLanguage(v as LangKey)}
        data={LANGUAGES.map((l) => ({ value: l.key, label: `${l.key.toUpperCase()} · ${l.label}` }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        size={size}
        variant="default"
        title={t('ui.linesheet.hint')}
        onClick={() => linesheet.mutate()}
        disabled={linesheet.isPending}
        aria-busy={linesheet.isPending || undefined}
        leftSection={linesheet.isPending ? <Loader size={14} /> : undefined}
        data-testid="linesheet"
      >
        {linesheet.isPending ? t('ui.linesheet.preparing') : (label ?? t('ui.linesheet.button'))}
      </Button>
      <Text component="span" role="status" aria-live="polite" style={HIDDEN}>
        {linesheet.isPending ? t('ui.linesheet.preparing') : done}
      </Text>
    </Group>
  );
}

/** Heard, not seen. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
