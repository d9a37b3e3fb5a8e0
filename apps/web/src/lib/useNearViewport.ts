import { type RefObject, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind the returned ref has come within `margin` of the viewport; once
 * true it stays true. `initially` starts it true (what it would load is already at hand).
 * Without IntersectionObserver (jsdom, very old browsers) everything counts as near.
 */
export function useNearViewport<T extends Element>(
  margin: string,
  initially: boolean | (() => boolean) = false,
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(
    () =>
      typeof IntersectionObserver === 'undefined' ||
      (typeof initially === 'function' ? initially() : initially),
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: what comes near at once (several /home sections on the first layout)
        // renders in slices rather than in one task.
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
