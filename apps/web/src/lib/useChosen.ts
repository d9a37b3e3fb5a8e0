import { useState } from 'react';

/**
 * The value a control shows: the buyer's choice at once, while the address it is written to
 * catches up. A control drawn from the address (a sort, a filter, a display mode) would
 * otherwise jump back to the old value for as long as the navigation renders, since React puts
 * a controlled control back to the value it was drawn with. Once the address holds another
 * value (the choice arrived, or the buyer went back), the address is shown again.
 */
export function useChosen<T>(committed: T): [shown: T, choose: (value: T) => void] {
  const [pending, setPending] = useState<{ from: T; to: T } | null>(null);
  const current = pending !== null && Object.is(pending.from, committed);
  // The address has moved on since the choice: forget it (React redraws before committing).
  if (pending !== null && !current) setPending(null);
  return [current ? pending.to : committed, (to) => setPending({ from: committed, to })];
}
