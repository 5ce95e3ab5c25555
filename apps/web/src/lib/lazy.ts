// React.lazy with a preload: the server renderer preloads a page's lazy parts in its loader, so
// they render at once (a lazy part that suspends on the server is streamed as a separate segment
// revealed by an inline script, which the hub's Content-Security-Policy rightly refuses). In the
// browser the page hydrates without them: React keeps their server HTML until the chunk arrives.
import { createElement, lazy, type ComponentType, type ReactElement } from "react";

export interface Preloadable<P> {
  (props: P): ReactElement;
  /** loads the component; renders after this resolves never suspend */
  preload(): Promise<void>;
}

export function lazyWithPreload<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= factory().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(load);
  const render = (props: P): ReactElement => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(render, {
    preload: async () => {
      await load();
    },
  });
}
