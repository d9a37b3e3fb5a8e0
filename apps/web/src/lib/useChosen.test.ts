import '../test/dom';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChosen } from './useChosen';

describe("a control's chosen value", () => {
  it('shows the choice at once, while the address still holds the old value', () => {
    const { result } = renderHook(({ address }) => useChosen(address), {
      initialProps: { address: 'default' },
    });
    act(() => result.current[1]('price_asc'));
    expect(result.current[0]).toBe('price_asc');
  });

  it('follows the address once it has changed, also when the buyer goes back', () => {
    const { result, rerender } = renderHook(({ address }) => useChosen(address), {
      initialProps: { address: 'default' },
    });
    act(() => result.current[1]('price_asc'));
    rerender({ address: 'price_asc' });
    expect(result.current[0]).toBe('price_asc');
    rerender({ address: 'default' });
    expect(result.current[0]).toBe('default');
  });

  it('shows the address when it moves elsewhere before the choice arrives', () => {
    const { result, rerender } = renderHook(({ address }) => useChosen(address), {
      initialProps: { address: 'default' },
    });
    act(() => result.current[1]('price_asc'));
    rerender({ address: 'popularity' });
    expect(result.current[0]).toBe('popularity');
  });
});
