import { type KeyboardEvent, useRef } from 'react';

/** Keys that step a closed native select to another option (typing a letter jumps to one). */
const stepsChoice = (event: KeyboardEvent) =>
  !event.altKey &&
  !event.metaKey &&
  (/^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(event.key) ||
    (event.key.length === 1 && event.key !== ' '));

/**
 * When a toolbar select's choice becomes the list's. A closed native select changes its value,
 * and fires change, at every arrow key: reloading the results at each step made the keyboard
 * walk through the list a wait per option (issue 21, item 13). A choice made by stepping is
 * shown at once (`show`) and committed on Enter or on leaving the field; a choice picked in the
 * open list (mouse, touch, a phone's picker, Enter in the list) is committed at once.
 * A step's change event is the default action of its keydown, in the same task: a change that
 * comes later (picked in the list the arrow key opened, as on macOS) is a pick.
 */
export function useSelectCommit<T>(show: (value: T) => void, commit: (value: T) => void) {
  const stepping = useRef(false);
  const pending = useRef<{ value: T } | null>(null);
  const flush = () => {
    const chosen = pending.current;
    pending.current = null;
    if (chosen) commit(chosen.value);
  };
  return {
    change(value: T) {
      show(value);
      if (stepping.current) {
        pending.current = { value };
        return;
      }
      pending.current = null;
      commit(value);
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Enter') {
        flush();
        return;
      }
      if (!stepsChoice(event)) return;
      stepping.current = true;
      window.setTimeout(() => {
        stepping.current = false;
      }, 0);
    },
    onBlur: flush,
  };
}
