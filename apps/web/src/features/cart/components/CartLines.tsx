import { ActionIcon, Button, Checkbox, NumberInput } from '@mantine/core';
import { type CartLine, cartonsForQuantity, formatHsCode } from '@vitrine/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons';
import { ExpiredMark, ProductLink, ProductPicture } from '../../../components/product';
import { formatMoney, formatNumber, formatVolume } from '../../../lib/format';
import { MAX_CARTONS, readCartons, stepCartons } from './cartons';
import classes from './cart.module.css';

const n = (v: number, digits = 2) => formatNumber(v, { maximumFractionDigits: digits });

export interface CartLinesProps {
  lines: CartLine[];
  /** Editable cart: selection, cartons and removal. Without it the lines are read-only (a record). */
  edit?: {
    selected: ReadonlySet<number>;
    onSelect(id: number, on: boolean): void;
    onCartons(id: number, ctn: number): void;
    onRemove(id: number): void;
  };
}

/** How long typing may pause before the typed number is saved (a step or leaving saves at once). */
const TYPING_PAUSE_MS = 400;

/**
 * Cartons of one line. A whole number in bounds is saved when the buyer pauses, leaves the field,
 * presses Enter or steps, so the line and the summary follow at once and a reload keeps it;
 * anything else stays as typed with a message saying why it is not saved (issue 21, item 4). The
 * −/+ buttons are 44 px targets with names of their own (item 12).
 */
function CartonsInput({ line, onCartons }: { line: CartLine; onCartons(id: number, ctn: number): void }) {
  const { t } = useTranslation();
  // What the buyer typed, until it is what the cart holds; null shows the cart's number, so a
  // change made elsewhere (a batch, another tab) shows at once.
  const [draft, setDraft] = useState<string | number | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const errorId = useId();
  const value = draft ?? line.ctn;
  const read = readCartons(value);
  const problem = 'problem' in read ? read.problem : null;
  const save = (next: string | number) => {
    clearTimeout(pause.current);
    const r = readCartons(next);
    if ('ctn' in r && r.ctn !== line.ctn) onCartons(line.product.id, r.ctn);
  };
  const type = (next: string | number) => {
    setDraft(next);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => save(next), TYPING_PAUSE_MS);
  };
  const step = (next: number) => {
    setDraft(next);
    save(next);
  };
  const current = 'ctn' in read ? read.ctn : line.ctn;
  const name = line.product.name;
  return (
    <div className={classes.stepper}>
      <ActionIcon
        variant="default"
        className={classes.step}
        onClick={() => step(stepCartons(current, -1))}
        disabled={current <= 1 && !problem}
        aria-label={t('web.cart.ctnFewer', { name })}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <NumberInput
        className={classes.ctnInput}
        size="md"
        hideControls
        inputMode="numeric"
        step={1}
        clampBehavior="none"
        value={value}
        onChange={type}
        onBlur={() => {
          save(value);
          if (!problem) setDraft(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save(value);
        }}
        error={
          problem ? <span id={errorId}>{t(`web.cart.${problem}`, { max: MAX_CARTONS })}</span> : undefined
        }
        aria-describedby={problem ? errorId : undefined}
        aria-label={t('web.cart.cartonsOf', { name })}
        data-testid="ctn-input"
      />
      <ActionIcon
        variant="default"
        className={classes.step}
        onClick={() => step(stepCartons(current, 1))}
        disabled={current >= MAX_CARTONS && !problem}
        aria-label={t('web.cart.ctnMore', { name })}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </div>
  );
}

/** The break a line's pieces reached, and the next one up (decision 0059); none without breaks. */
function breaksOf(line: CartLine) {
  const breaks = line.product.price_breaks ?? [];
  const reached = breaks.filter((b) => line.pieces >= b.from).at(-1);
  const next = breaks.find((b) => line.pieces < b.from);
  return { reached, next };
}

/**
 * The minimum order quantity of a line below it (decision 0059): a warning that says how many
 * cartons reach it and, in the cart, sets them in one press. It does not block submission.
 */
function BelowMoq({
  line,
  onCartons,
}: {
  line: CartLine;
  onCartons?: ((id: number, ctn: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const p = line.product;
  const moq = p.min_order_quantity ?? 0;
  const ctn = cartonsForQuantity(p, moq);
  return (
    <div className={classes.moqWarning} role="note" data-testid="below-moq">
      <span>{t('web.cart.belowMoq', { moq: formatNumber(moq), ctn: formatNumber(ctn) })}</span>
      {onCartons && ctn <= MAX_CARTONS ? (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          onClick={() => onCartons(p.id, ctn)}
          aria-label={t('web.cart.raiseToOf', { ctn: formatNumber(ctn), name: p.name })}
        >
          {t('web.cart.raiseTo', { ctn: formatNumber(ctn) })}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Cart lines (or a record's lines): picture, number, name, packing and carton data, then what
 * the line's cartons amount to. Laid out as rows on a wide screen and as cards on a phone.
 */
export function CartLines({ lines, edit }: CartLinesProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.lines} data-testid="cart-lines">
      {lines.map((line) => {
        const p = line.product;
        const expired = p.is_expire === 1;
        const breaks = breaksOf(line);
        return (
          <li key={p.id} className={classes.line} data-expired={expired || undefined} data-testid="cart-line">
            {edit ? (
              <Checkbox
                className={classes.check}
                checked={edit.selected.has(p.id)}
                onChange={(e) => edit.onSelect(p.id, e.currentTarget.checked)}
                aria-label={t('web.cart.selectLine', { name: p.name })}
              />
            ) : null}
            <div className={classes.picture}>
              <ProductPicture src={p.picture} alt="" sizes="88px" defaultWidth={160} />
            </div>
            <div className={classes.info}>
              <h3 className={classes.name}>
                <ProductLink id={p.id} className={classes.nameLink}>
                  {p.name}
                </ProductLink>
              </h3>
              {expired ? <ExpiredMark /> : null}
              <dl className={classes.facts}>
                {p.number ? (
                  <div>
                    <dt>{t('web.product.number')}</dt>
                    <dd>
                      <bdi>{p.number}</bdi>
                    </dd>
                  </div>
                ) : null}
                {p.packing ? (
                  <div>
                    <dt>{t('web.product.packing')}</dt>
                    <dd>{p.packing}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('web.product.cartonSize')}</dt>
                  <dd>
                    <bdi>
                      {n(p.carton.length)} × {n(p.carton.width)} × {n(p.carton.height)} cm
                    </bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('web.product.cartonQuantity')}</dt>
                  <dd>
                    <bdi>{formatNumber(p.carton_quantity)} PCS/ctn</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('web.product.weight')}</dt>
                  <dd>
                    <bdi>
                      {n(p.gross_weight)} / {n(p.net_weight)} KGS
                    </bdi>
                  </dd>
                </div>
                {p.price !== null ? (
                  <div>
                    <dt>{t('web.cart.unitPrice')}</dt>
                    <dd data-testid="unit-price">
                      <bdi>
                        {formatMoney(line.unit_price ?? p.price, p.money_unit)} {p.trade_term}
                      </bdi>
                      {breaks.reached ? (
                        <span className={classes.breakNote}>
                          {' '}
                          {t('web.cart.breakApplied', { from: formatNumber(breaks.reached.from) })}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ) : null}
                {p.price !== null && breaks.next ? (
                  <div>
                    <dt>{t('web.cart.nextBreak')}</dt>
                    <dd>
                      <bdi>
                        {t('web.cart.nextBreakValue', {
                          price: formatMoney(breaks.next.price, p.money_unit),
                          from: formatNumber(breaks.next.from),
                        })}
                      </bdi>
                    </dd>
                  </div>
                ) : null}
                {p.min_order_quantity ? (
                  <div>
                    <dt>{t('web.cart.moq')}</dt>
                    <dd>
                      <bdi>{formatNumber(p.min_order_quantity)} PCS</bdi>
                    </dd>
                  </div>
                ) : null}
                {p.lead_time_days ? (
                  <div>
                    <dt>{t('web.cart.leadTime')}</dt>
                    <dd>{t('web.cart.days', { n: formatNumber(p.lead_time_days) })}</dd>
                  </div>
                ) : null}
                {p.hs_code ? (
                  <div>
                    <dt>{t('web.cart.hsCode')}</dt>
                    <dd>
                      <bdi>{formatHsCode(p.hs_code)}</bdi>
                    </dd>
                  </div>
                ) : null}
              </dl>
              {line.below_moq && !expired ? <BelowMoq line={line} onCartons={edit?.onCartons} /> : null}
            </div>
            <div className={classes.amounts}>
              <div className={classes.ctn}>
                <span className={classes.amountLabel}>{t('web.cart.cartons')}</span>
                {edit ? (
                  <CartonsInput line={line} onCartons={edit.onCartons} />
                ) : (
                  <strong data-testid="ctn-value">{formatNumber(line.ctn)}</strong>
                )}
              </div>
              <dl className={classes.lineTotals}>
                <div>
                  <dt>{t('web.cart.pieces')}</dt>
                  <dd>{formatNumber(line.pieces)}</dd>
                </div>
                {line.total_price !== null ? (
                  <div>
                    <dt>{t('web.cart.lineTotal')}</dt>
                    <dd data-testid="line-price">
                      <bdi>{formatMoney(line.total_price, p.money_unit)}</bdi>
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>{t('web.cart.weight')}</dt>
                  <dd>
                    <bdi>{n(line.total_weight)} KGS</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('web.cart.volume')}</dt>
                  <dd>
                    <bdi>
                      {formatVolume(line.total_cbm, 'cbm')} / {formatVolume(line.total_cuft, 'cuft')}
                    </bdi>
                  </dd>
                </div>
              </dl>
            </div>
            {edit ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                className={classes.remove}
                onClick={() => edit.onRemove(p.id)}
                aria-label={t('web.cart.removeLine', { name: p.name })}
                title={t('web.cart.remove')}
              >
                <CloseIcon width={18} height={18} />
              </ActionIcon>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
