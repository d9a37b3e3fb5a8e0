import { Button } from '@mantine/core';
import type { PaymentPart } from '@vitrine/contract';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { UploadError } from '../../../lib/upload';
import { sendVoucher } from '../api';
import type { OrdersT } from '../orders-i18n';
import { checkVoucher, type VoucherRefusal } from '../rules';
import classes from './account.module.css';

const REFUSAL: Record<
  VoucherRefusal,
  'detail.voucherRequired' | 'detail.voucherType' | 'detail.voucherSize'
> = {
  required: 'detail.voucherRequired',
  type: 'detail.voucherType',
  size: 'detail.voucherSize',
};

/**
 * The payment voucher of the part due (spec sections 5 and 9: required, png or jpg, at most
 * 10 MB). The file is checked here first, by its bytes and size, so a wrong one is refused in
 * the buyer's language before anything is sent; the server checks it again and decodes it.
 */
export function VoucherUpload({ orderId, part, t }: { orderId: number; part: PaymentPart; t: OrdersT }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const send = async (file: File | undefined) => {
    setError('');
    setDone(false);
    const check = await checkVoucher(file);
    if (!check.ok || !file) {
      setError(t(REFUSAL[check.ok ? 'required' : check.reason]));
      return;
    }
    setProgress(0);
    try {
      await sendVoucher(orderId, part, file, check.type, (f) => setProgress(f));
      setDone(true);
      showToast(t('detail.uploaded'), 'success');
    } catch (e) {
      if (e instanceof UploadError && e.reason === 'tooLarge') setError(t('detail.voucherSize'));
      else setError(isApiError(e) && e.tip ? e.tip : t('detail.voucherFailed'));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const label = t(part === 'deposit' ? 'detail.uploadDeposit' : 'detail.uploadBalance');
  return (
    <div className={classes.upload}>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        className={classes.fileInput}
        aria-label={label}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        tabIndex={-1}
        data-testid="voucher-input"
        onChange={(e) => void send(e.currentTarget.files?.[0])}
      />
      <Button onClick={() => input.current?.click()} loading={progress !== null} aria-describedby={hintId}>
        {label}
      </Button>
      <span id={hintId} className={classes.muted}>
        {t('detail.voucherHint')}
      </span>
      {progress !== null ? (
        <>
          {/* Native, like the checkboxes of the lines: Mantine's would split a chunk the cart shares. */}
          <progress
            className={classes.progress}
            max={100}
            value={Math.round(progress * 100)}
            aria-hidden="true"
          />
          <span role="status" className={classes.muted}>
            {t('detail.uploading', { percent: Math.round(progress * 100) })}
          </span>
        </>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={classes.error} data-testid="voucher-error">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className={classes.muted}>
          {t('detail.uploaded')}
        </p>
      ) : null}
    </div>
  );
}
