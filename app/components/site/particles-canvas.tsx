import type { ISourceOptions } from "@tsparticles/engine";
import { Particles, ParticlesProvider } from "@tsparticles/react";
import { loadSlim } from "@tsparticles/slim";

const BRAND_BLUE = "#2f7ff5";

/** docs/product.md §9: the particle background's constants. */
export const particleOptions: ISourceOptions = {
  fullScreen: { enable: false },
  background: { color: { value: "transparent" } },
  fpsLimit: 120,
  detectRetina: true,
  particles: {
    number: { value: 80, density: { enable: true } },
    paint: { color: { value: BRAND_BLUE }, fill: { enable: true } },
    shape: { type: "circle" },
    opacity: { value: 0.5 },
    size: { value: { min: 1, max: 5 } },
    move: { enable: true, speed: 2, outModes: { default: "bounce" } },
    links: { enable: true, color: BRAND_BLUE, distance: 150, opacity: 0.3, width: 1 },
  },
  interactivity: {
    // The canvas ignores the pointer so content stays clickable; listen on the window instead.
    detectsOn: "window",
    events: {
      onHover: { enable: true, mode: "repulse" },
      onClick: { enable: true, mode: "push" },
    },
    modes: {
      repulse: { distance: 200, duration: 0.4 },
      push: { quantity: 4 },
    },
  },
};

// Stable across renders: ParticlesProvider requires the same init callback for the app's lifetime.
const init = (engine: Parameters<typeof loadSlim>[0]) => loadSlim(engine);

/**
 * The canvas itself. ParticlesProvider renders its children only once the
 * engine and the slim bundle are loaded, so particles appear only after that.
 */
export default function ParticlesCanvas() {
  return (
    <ParticlesProvider init={init}>
      <Particles id="site-particles" options={particleOptions} className="pointer-events-none fixed inset-0 -z-10" />
    </ParticlesProvider>
  );
}
