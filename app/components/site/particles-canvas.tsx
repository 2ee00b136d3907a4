import type { ISourceOptions } from "@tsparticles/engine";
import { Particles, ParticlesProvider } from "@tsparticles/react";
import { loadBasic } from "@tsparticles/basic";
import { loadExternalPushInteraction } from "@tsparticles/interaction-external-push";
import { loadExternalRepulseInteraction } from "@tsparticles/interaction-external-repulse";
import { loadParticlesLinksInteraction } from "@tsparticles/interaction-particles-links";
import { loadInteractivityPlugin } from "@tsparticles/plugin-interactivity";

const BRAND_BLUE = "#2f7ff5";

/** docs/product.md §9: the particle background's constants. */
export const particleOptions: ISourceOptions = {
  fullScreen: { enable: false },
  background: { color: { value: "transparent" } },
  fpsLimit: 120,
  // One canvas pixel per CSS pixel: at a phone's 2–3 device pixels per CSS pixel the canvas
  // had 4–9 times the pixels to clear and draw each frame, and its start-up was the page's
  // longest task (decision 007, session 26). The dots and links are a soft background.
  detectRetina: false,
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

/**
 * The plugins the options above use, and no others: circles, move, opacity, size, colour and
 * bouncing edges (`loadBasic`), links, hover repulse and click push. `loadSlim` registered about
 * thirty (shapes, emoji, images, eight other interactions, …): 45.4 KiB gzip fetched after the
 * paint, now 35.6 KiB (decision 007, session 26).
 * Stable across renders: ParticlesProvider requires the same init callback for the app's lifetime.
 */
const init = async (engine: Parameters<typeof loadBasic>[0]) => {
  await loadBasic(engine);
  await loadInteractivityPlugin(engine);
  await Promise.all([
    loadParticlesLinksInteraction(engine),
    loadExternalRepulseInteraction(engine),
    loadExternalPushInteraction(engine),
  ]);
};

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
