import { useEffect, useRef } from 'react';

/** Where arrow keys already mean something: fields, sliders, tabs, menus and the like. */
const OWN_ARROWS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="tablist"], [role="tab"], [role="slider"], [role="listbox"], [role="menu"], [role="menubar"], [role="radiogroup"], [role="grid"], [role="tree"], model-viewer';

/**
 * Left and right arrows move backward and forward through a sequence (the booths), mirrored in
 * right-to-left languages, where "forward" is to the left. Ignored with a modifier key (Alt+Left
 * is the browser's back) and where the focused element uses arrows itself.
 */
export function useArrowKeys({
  rtl,
  onBackward,
  onForward,
}: {
  rtl: boolean;
  onBackward: (() => void) | null;
  onForward: (() => void) | null;
}): void {
  const latest = useRef({ rtl, onBackward, onForward });
  useEffect(() => {
    latest.current = { rtl, onBackward, onForward };
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(OWN_ARROWS)) return;
      const { rtl: isRtl, onBackward: back, onForward: forward } = latest.current;
      const wantsForward = (e.key === 'ArrowRight') !== isRtl;
      const move = wantsForward ? forward : back;
      if (!move) return;
      e.preventDefault();
      move();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
