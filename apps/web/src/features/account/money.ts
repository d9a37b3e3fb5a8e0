import { formatMinorMoney } from '@vitrine/web-core';
import { formatMoney } from '../../lib/format';

/** An order amount in minor units, in the language on screen: formatMinor(1234, 'USD') → '$12.34'. */
export const formatMinor = (minor: number, currency: string): string =>
  formatMinorMoney({ formatMoney }, minor, currency);
