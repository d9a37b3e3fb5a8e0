import '../test/dom';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChosen } from './useChosen';

/** A control drawn from `address`, where the buyer has just chosen 'price_asc'. */
function chosenOver(address: string) {
  const hook = renderHook(({ address: a }) => useChosen(a), { initialProps: { address } });
  act(() => hook.result.current[1]('price_asc'));
  return { shown: () => hook.result.current[0], addressNow: (a: string) => hook.rerender({ address: a }) };
}

describe("a control's chosen value", () => {
  it('shows the choice at once, while the address still holds the old value', () => {
    expect(chosenOver('default').shown()).toBe('price_asc');
  });

  it('follows the address once it has changed, also when the buyer goes back', () => {
    const control = chosenOver('default');
    control.addressNow('price_asc');
    expect(control.shown()).toBe('price_asc');
    control.addressNow('default');
    expect(control.shown()).toBe('default');
  });

  it('shows the address when it moves elsewhere before the choice arrives', () => {
    const control = chosenOver('default');
    control.addressNow('popularity');
    expect(control.shown()).toBe('popularity');
  });
});
