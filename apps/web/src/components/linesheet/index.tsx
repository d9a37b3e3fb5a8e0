import { lazy, Suspense } from 'react';
import { withLateMessages } from '../../lib/i18n';
import type { LinesheetButtonProps } from './LinesheetButton';

// Its code and messages arrive when a page shows it, never with /home's first load (decision 0061).
const Lazy = lazy(() => withLateMessages(import('./LinesheetButton')));

/** 'Linesheet PDF' of a selection: the cart, a sample record, a category or a search. */
export function LinesheetButton(props: LinesheetButtonProps) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
