import { useCallback, type MouseEvent } from 'react';

// Spec 1 'Campaign card': the hover tilt is off below 768 px (and for people who ask for less motion).
const TILT_QUERY = '(min-width: 768px) and (prefers-reduced-motion: no-preference)';
const MAX_DEGREES = 6;

/** Mouse handlers that tilt the element toward the pointer, and level it when the pointer leaves. */
export function useTilt() {
  const onMouseMove = useCallback((event: MouseEvent<HTMLElement>) => {
    if (!window.matchMedia(TILT_QUERY).matches) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width - 0.5;
    const y = (event.clientY - box.top) / box.height - 0.5;
    event.currentTarget.style.transform = `perspective(800px) rotateX(${(-y * MAX_DEGREES).toFixed(2)}deg) rotateY(${(x * MAX_DEGREES).toFixed(2)}deg)`;
  }, []);
  const onMouseLeave = useCallback((event: MouseEvent<HTMLElement>) => {
    event.currentTarget.style.transform = '';
  }, []);
  return { onMouseMove, onMouseLeave };
}
