import { lazy, type ComponentType } from "react";

/**
 * Components whose code a page's browser fetches after the page's own, from one module (one request
 * for all of them), drawn whole by the server: React keeps the server's HTML in place until the
 * code arrives and then takes it over, so nothing moves (docs/decisions/007-initial-javascript.md).
 *
 * The server has the module before its first render: a component that suspends there, even for a
 * moment, is sent apart from the page, with a script that moves it into place later (React's
 * streaming, even when the whole document is awaited), which moves the content below it, and the
 * page cache would keep that render. So the server loads it at once, and a lazy component whose
 * module is there resolves without suspending (a thenable that answers at once).
 */
type Component<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

export function later<M extends object>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  // A load that failed (a dropped connection) is tried again by the next one who asks.
  const get = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  if (import.meta.env.SSR) void get();
  const make = <K extends keyof M>(name: K) =>
    lazy<Component<M[K]>>(() => {
      const component = (module: M) => ({ default: module[name] as Component<M[K]> });
      if (!loaded) return get().then(component);
      const now = component(loaded);
      return { then: (resolve: (value: typeof now) => void) => resolve(now) } as Promise<typeof now>;
    });
  /**
   * Loads the module now: a client-side navigation awaits it before drawing the page, so its
   * components draw at once instead of leaving their place empty until the code arrives (the
   * server's HTML is there only on a page's first load).
   */
  return Object.assign(make, { load: get });
}
