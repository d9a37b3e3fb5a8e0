import { Button, Checkbox, Group, Modal, NumberInput, Skeleton } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLateMessages } from '../../../lib/i18n';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { CartIcon, CheckIcon } from '../../../components/icons';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { callApiWithTip, isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { showErrorToast, showToast } from '../../../lib/toast';
import { removeFromCart } from '../components/cart-actions';
import { setCartons } from '../components/set-cartons';
import { CartLines } from '../components/CartLines';
import { MAX_CARTONS, readCartons } from '../components/cartons';
import { CartSummary } from '../components/CartSummary';
import { ExportButton } from '../components/ExportButton';
import '../components/mantine-styles';
import { SubmitSelection, type Submitted } from '../components/SubmitSelection';
import { useCartView } from '../components/useCartView';
import classes from '../components/cart.module.css';
import { ShareToChatButton } from '../../../components/ShareToChatButton';

// Its code and messages arrive when pressed for, never with /home's first load (decision 0061).
const LinesheetButton = lazy(() => withLateMessages(import('../../../components/linesheet/LinesheetButton')));

function CartSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingNote />
      <div className={classes.lines} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={132} radius="md" />
        ))}
      </div>
    </div>
  );
}

/** What a submission became, in place of the cart it emptied: the record's number and where to go next. */
function SubmittedPanel({ record }: { record: Submitted }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // The form that was submitted is gone and the page may be scrolled to where its button was
  // (the footer, on a phone): the outcome is brought into view and takes the focus.
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    panel.scrollIntoView?.({ block: 'start' });
    panel.focus({ preventScroll: true });
  }, []);
  return (
    <section ref={ref} tabIndex={-1} className={classes.submitted} role="status" data-testid="submitted">
      <CheckIcon className={classes.submittedIcon} aria-hidden="true" />
      <div>
        <h2 className={classes.summaryTitle}>{t('web.cart.completed')}</h2>
        <p className={classes.submittedText}>{t('web.cart.submittedAs', { number: record.number })}</p>
        <Group gap="sm">
          <Button component={Link} to={`${PATHS.sampleRecordDetails}?id=${record.id}`}>
            {t('web.cart.viewRecord')}
          </Button>
          <Button component={Link} to={PATHS.productDisplay} variant="default">
            {t('web.cart.browse')}
          </Button>
        </Group>
      </div>
    </section>
  );
}

/** Runs a cart change; a refusal is shown with the server's tip, and nothing else changes. */
async function attempt(work: () => Promise<void>, success?: string) {
  try {
    await work();
    if (success) showToast(success, 'success');
  } catch (e) {
    if (isApiError(e) && e.tip) showErrorToast(e.tip);
  }
}

/**
 * /chooseCar, the sample-selection cart: the lines with their cartons (changed one by one or in
 * a batch), selection and batch delete, the totals and container fill, the Excel export and
 * the submission.
 */
export default function ChooseCarPage() {
  const { t } = useTranslation();
  const cart = useCartView();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [batchOpen, setBatchOpen] = useState(false);
  const [batchCtn, setBatchCtn] = useState<string | number>(1);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  const ids = useMemo(() => cart.lines.map((l) => l.product.id), [cart.lines]);
  // Only lines still in the cart count as selected.
  const chosen = ids.filter((id) => selected.has(id));
  const allChosen = ids.length > 0 && chosen.length === ids.length;

  const select = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const deleteSelected = () => {
    if (chosen.length === 0) {
      showErrorToast(t('cart.nothingSelected'));
      return;
    }
    void attempt(() => removeFromCart(chosen), t('web.cart.deleted')).then(() => setSelected(new Set()));
  };

  const openBatch = () => {
    if (chosen.length === 0) {
      showErrorToast(t('cart.nothingSelectedChange'));
      return;
    }
    setBatchCtn(cart.lines.find((l) => l.product.id === chosen[0])?.ctn ?? 1);
    setBatchOpen(true);
  };

  const batchRead = readCartons(batchCtn);
  const batchProblem = 'problem' in batchRead ? batchRead.problem : null;
  const applyBatch = () => {
    if (!('ctn' in batchRead)) return;
    const { ctn } = batchRead;
    setBatchOpen(false);
    void attempt(() => setCartons(chosen.map((id) => ({ id, ctn }))), t('web.cart.updated'));
  };

  let body;
  if (cart.status === 'loading') body = <CartSkeleton />;
  else if (cart.status === 'error') body = <LoadFailed onRetry={cart.retry} />;
  else if (cart.lines.length === 0 && submitted) body = null;
  else if (cart.lines.length === 0) {
    body = (
      <div>
        <NothingHere icon={<CartIcon width="100%" height="100%" />}>
          <strong>{t('web.cart.emptyTitle')}</strong>
          <br />
          {t('web.cart.emptyText')}
        </NothingHere>
        <Group justify="center">
          <Button component={Link} to={PATHS.productDisplay}>
            {t('web.cart.browse')}
          </Button>
        </Group>
      </div>
    );
  } else {
    body = (
      <div className={classes.layout}>
        <div className={classes.page} style={{ paddingBlock: 0 }}>
          <div className={classes.toolbar} role="toolbar" aria-label={t('web.pages.chooseCar')}>
            <Checkbox
              label={t('web.cart.selectAll')}
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={(e) => setSelected(e.currentTarget.checked ? new Set(ids) : new Set())}
            />
            <div className={classes.toolbarEnd}>
              <ShareToChatButton
                size="sm"
                products={() =>
                  // The chosen lines, or the whole cart when none is chosen.
                  cart.lines
                    .filter((l) => chosen.length === 0 || chosen.includes(l.product.id))
                    .map((l) => l.product)
                }
              />
              <Button variant="default" size="sm" onClick={openBatch}>
                {t('web.cart.changeCartons')}
              </Button>
              <Button
                // Still pressable with nothing chosen, to say why nothing happens (spec section 4).
                variant={chosen.length ? 'light' : 'default'}
                color={chosen.length ? 'red' : undefined}
                size="sm"
                onClick={deleteSelected}
                data-testid="delete-selected"
              >
                {t('web.cart.deleteSelected', { count: chosen.length })}
              </Button>
            </div>
          </div>
          {cart.lines.some((l) => l.product.is_expire) ? (
            <p className={classes.note}>{t('web.cart.expiredNote')}</p>
          ) : null}
          <div aria-busy={cart.refreshing || undefined}>
            <CartLines
              lines={cart.lines}
              edit={{
                selected,
                onSelect: select,
                onCartons: (id, ctn) => void attempt(() => setCartons([{ id, ctn }])),
                onRemove: (id) => void attempt(() => removeFromCart([id]), t('web.cart.deleted')),
              }}
            />
          </div>
        </div>
        <aside className={classes.aside}>
          <div className={classes.page} style={{ paddingBlock: 0 }}>
            <CartSummary totals={cart.totals} />
            <Button size="md" fullWidth onClick={() => setSubmitting(true)} data-testid="open-submit">
              {t('web.cart.submit')}
            </Button>
            <ExportButton
              run={() =>
                callApiWithTip(
                  'export_sample_car',
                  { lines: cart.lines.map((l) => ({ id: l.product.id, ctn: l.ctn })) },
                  { silent: true },
                )
              }
            />
            {/* A customer's cart is read on the server; a visitor's is the lines on screen. */}
            <Suspense fallback={null}>
              <LinesheetButton
                selection={() => ({ kind: 'cart', ids: cart.lines.map((l) => l.product.id) })}
              />
            </Suspense>
          </div>
        </aside>
      </div>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>
          {t('web.pages.chooseCar')}
          {cart.lines.length ? (
            <span className={classes.note} style={{ marginInlineStart: 8, fontWeight: 400 }}>
              {t('web.cart.lineCount', { count: formatNumber(cart.lines.length) })}
            </span>
          ) : null}
        </h1>
        <Button component={Link} to={PATHS.sampleRecords} variant="subtle">
          {t('web.cart.records')}
        </Button>
      </div>
      {submitted ? <SubmittedPanel record={submitted} /> : null}
      {body}
      {batchOpen ? (
        <Modal
          opened
          onClose={() => setBatchOpen(false)}
          title={t('web.cart.changeCartonsTitle', { count: chosen.length })}
          centered
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              applyBatch();
            }}
          >
            <NumberInput
              label={t('web.cart.cartons')}
              inputMode="numeric"
              clampBehavior="none"
              value={batchCtn}
              onChange={setBatchCtn}
              error={batchProblem ? t(`web.cart.${batchProblem}`, { max: MAX_CARTONS }) : undefined}
              data-autofocus
            />
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setBatchOpen(false)}>
                {t('web.cart.cancel')}
              </Button>
              <Button type="submit">{t('web.cart.apply')}</Button>
            </Group>
          </form>
        </Modal>
      ) : null}
      {submitting ? (
        <SubmitSelection
          lines={cart.lines}
          onClose={() => setSubmitting(false)}
          onSubmitted={(record) => {
            setSubmitting(false);
            setSelected(new Set());
            setSubmitted(record);
          }}
        />
      ) : null}
    </div>
  );
}
