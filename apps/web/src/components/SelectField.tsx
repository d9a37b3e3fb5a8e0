import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import classes from './SelectField.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  /** A visible label above the field (otherwise name it with aria-label). */
  label?: ReactNode;
  /** An icon at the start of the field. */
  leftSection?: ReactNode;
  /** Height and text size, as Mantine's input sizes. */
  size?: 'xs' | 'sm';
  /** Pill-shaped instead of the theme's default radius. */
  round?: boolean;
  /** Class of the outer box (the label and the field). */
  className?: string;
  /** Class of the <select> itself. */
  inputClassName?: string;
}

/**
 * A native select drawn like Mantine's NativeSelect: keyboard, screen readers and phones handle a
 * native select well, and the language select (in every header and on the login page) is in every
 * first load, where Mantine's Input would bring its loader, clear button and combobox code along.
 */
export function SelectField({
  label,
  leftSection,
  size = 'sm',
  round = false,
  className,
  inputClassName,
  id,
  children,
  ...select
}: SelectFieldProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={[classes.root, className].filter(Boolean).join(' ')} data-size={size}>
      {label ? (
        <label className={classes.label} htmlFor={selectId}>
          {label}
        </label>
      ) : null}
      <div className={classes.field}>
        {leftSection ? <span className={classes.left}>{leftSection}</span> : null}
        <select
          {...select}
          id={selectId}
          className={[classes.input, inputClassName].filter(Boolean).join(' ')}
          data-with-left={leftSection ? true : undefined}
          data-round={round || undefined}
        >
          {children}
        </select>
        <svg className={classes.chevron} aria-hidden="true" viewBox="0 0 15 15" fill="none">
          <path
            d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0L4.93 5.43Zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25c.18.18.46.18.64 0l2.25-2.25Z"
            fill="currentColor"
          />
        </svg>
      </div>
    </div>
  );
}
