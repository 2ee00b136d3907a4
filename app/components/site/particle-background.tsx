import { lazy, Suspense, useEffect, useState } from "react";

const ParticlesCanvas = lazy(() => import("./particles-canvas.tsx"));

/**
 * The animated background of docs/product.md §9. Its code is fetched only after the page
 * has painted and the browser is idle, so it adds nothing to the initial JS;
 * the canvas is fixed behind the content, so it causes no layout shift.
 * People who ask for reduced motion never load it.
 */
export function ParticleBackground() {
  const [enabled, setEnabled] = useState(false);

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (reduced.matches) return;
    let cancelled = false;
    const start = () => {
      if (!cancelled) setEnabled(true);
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2_000 })
      : window.setTimeout(start, 200);
    const onChange = () => {
      if (reduced.matches) {
        cancelled = true;
        setEnabled(false);
      }
    };
    reduced.addEventListener("change", onChange);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      reduced.removeEventListener("change", onChange);
    };
  }, []);

  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <ParticlesCanvas />
    </Suspense>
  );
}
