import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type CartLine, checkSampleForm, type SampleForm } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, callApiWithTip, isApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query';
import { showErrorToast } from '../../../lib/toast';
import { isCustomerSession, refreshServerCart, removeFromCart } from './cart-actions';
import { randomKey } from './local-cart';

type Field = 'company_name' | 'contact' | 'phone' | 'email' | 'remark';
type Phase =
  | { kind: 'form' }
  | { kind: 'checking' }
  | { kind: 'confirm'; expired: number[]; repriced: number }
  | { kind: 'submitting' };

/** A submitted selection: its record's id and number. */
export interface Submitted {
  id: number;
  number: string;
}

/** The form's one-line fields, in the order spec section 5 checks them. */
const FIELDS = [
  {
    name: 'company_name',
    label: 'cart.form.companyName',
    required: true,
    type: 'text',
    autoComplete: 'organization',
    maxLength: 200,
  },
  {
    name: 'contact',
    label: 'cart.form.contact',
    required: true,
    type: 'text',
    autoComplete: 'name',
    maxLength: 100,
  },
  {
    name: 'email',
    label: 'cart.form.email',
    required: true,
    type: 'email',
    autoComplete: 'email',
    maxLength: 200,
  },
  {
    name: 'phone',
    label: 'cart.form.phone',
    required: false,
    type: 'tel',
    autoComplete: 'tel',
    maxLength: 50,
  },
] as const;

const EMPTY: Required<SampleForm> = { company_name: '', contact: '', phone: '', email: '', remark: '' };

/**
 * Submitting the selection (spec sections 4 and 5): the form with its rules, then the expiry
 * and price check (sync_toy) — if anything changed the buyer is asked 'continue submitting?' —
 * then add_choose, once, whatever the clicks and retries (the idempotency key of this form).
 */
export function SubmitSelection({
  lines,
  onClose,
  onSubmitted,
}: {
  lines: CartLine[];
  onClose(): void;
  /** The page shows the outcome itself, so the buyer never sees an emptied cart behind a dialog. */
  onSubmitted(record: Submitted): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Required<SampleForm>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  // One key for this form: every retry of the same submission is the same submission.
  const [key] = useState(randomKey);

  // The contact details of the buyer's last submission fill an untouched form.
  useEffect(() => {
    let live = true;
    callApi('get_detail_choose', {}, { silent: true })
      .then((last) => {
        if (live && last) setForm((f) => (f.company_name || f.contact || f.email ? f : { ...f, ...last }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [field]: value }));
    // "At least one way to contact you" sits on the phone but is answered by the email too: it
    // goes when either is typed, not only the phone (issue 21, item 8).
    const contactWay = field === 'email' || field === 'phone';
    setErrors((er) => ({ ...er, [field]: undefined, ...(contactWay ? { phone: undefined } : {}) }));
  };

  const submit = async (skip: number[]) => {
    setPhase({ kind: 'submitting' });
    const gone = new Set(skip);
    const submitted = lines.filter((l) => !gone.has(l.product.id));
    try {
      const { data } = await callApiWithTip(
        'add_choose',
        {
          ...form,
          lines: submitted.map((l) => ({ id: l.product.id, ctn: l.ctn })),
          idempotency_key: key,
        },
        { silent: true },
      );
      const done = submitted.map((l) => l.product.id).filter((id) => !data.skipped.includes(id));
      // The server already took them out of a customer's cart.
      if (isCustomerSession()) await refreshServerCart();
      else await removeFromCart(done);
      await queryClient.invalidateQueries({ queryKey: ['get_choose_list'] });
      onSubmitted({ id: data.id, number: data.number });
    } catch (e) {
      setPhase({ kind: 'form' });
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('web.errors.pageFailed'));
    }
  };

  const check = async () => {
    const problems = checkSampleForm(form);
    if (problems.length) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, t(`cart.${p.problem}`)])));
      return;
    }
    setPhase({ kind: 'checking' });
    try {
      const now = await callApi('sync_toy', { ids: lines.map((l) => l.product.id) }, { silent: true });
      const byId = new Map(now.map((s) => [s.id, s]));
      const expired = lines
        .filter((l) => l.product.is_expire || !byId.has(l.product.id) || byId.get(l.product.id)?.is_expire)
        .map((l) => l.product.id);
      const repriced = lines.filter((l) => {
        const price = byId.get(l.product.id)?.exworks_price;
        return l.product.price !== null && price !== null && price !== undefined && price !== l.product.price;
      }).length;
      if (expired.length || repriced) {
        // Fresh prices and expiry marks on screen before the buyer decides.
        if (isCustomerSession()) await refreshServerCart();
        else await queryClient.invalidateQueries({ queryKey: ['get_toy'] });
        setPhase({ kind: 'confirm', expired, repriced });
        return;
      }
      await submit([]);
    } catch (e) {
      setPhase({ kind: 'form' });
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('web.errors.pageFailed'));
    }
  };

  const busy = phase.kind === 'checking' || phase.kind === 'submitting';
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={t('web.cart.submitTitle')}
      size="lg"
      centered
    >
      {phase.kind === 'confirm' ? (
        <Stack>
          <Alert color="orange" title={t('web.cart.changedTitle')} role="alert" data-testid="confirm-changes">
            {phase.expired.length ? (
              <p>{t('web.cart.expiredSkipped', { count: phase.expired.length })}</p>
            ) : null}
            {phase.repriced ? <p>{t('web.cart.pricesChanged', { count: phase.repriced })}</p> : null}
            <p>
              <strong>{t('web.cart.continueSubmitting')}</strong>
            </p>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPhase({ kind: 'form' })}>
              {t('web.cart.cancel')}
            </Button>
            <Button
              onClick={() => void submit(phase.expired)}
              disabled={phase.expired.length === lines.length}
            >
              {t('web.cart.continue')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void check();
          }}
        >
          <Stack gap="sm">
            <p style={{ margin: 0 }}>{t('web.cart.submitLead')}</p>
            {FIELDS.map((f) => (
              <TextInput
                key={f.name}
                label={t(f.label)}
                required={f.required}
                type={f.type}
                value={form[f.name]}
                onChange={set(f.name)}
                error={errors[f.name]}
                autoComplete={f.autoComplete}
                maxLength={f.maxLength}
                dir={f.type === 'text' ? undefined : 'ltr'}
              />
            ))}
            <Textarea
              label={t('cart.form.remark')}
              value={form.remark}
              onChange={set('remark')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={2000}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('web.cart.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={busy}
                aria-busy={busy || undefined}
                data-testid="submit-selection"
              >
                {phase.kind === 'checking'
                  ? t('web.cart.checking')
                  : phase.kind === 'submitting'
                    ? t('web.cart.submitting')
                    : t('web.cart.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
