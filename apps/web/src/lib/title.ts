// Page titles. Each page names itself with useTitle(); in the browser that sets document.title, and
// while the server renders, it records the title so the server can put it in the HTML's <title>.
import { createContext, useContext, useEffect } from "react";

export const SITE_NAME = "hubkit";

/** What the server renderer passes down to collect the title of the page being rendered. */
export interface TitleCollector {
  title?: string;
}

export const TitleCollectorContext = createContext<TitleCollector | undefined>(undefined);

export function fullTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME}: models, tasks and libraries`;
}

export function useTitle(title: string | undefined): void {
  const collector = useContext(TitleCollectorContext);
  // During a server render there are no effects: the title is recorded as the page renders. The
  // innermost component renders last, so an error page overrides the page it replaces.
  if (collector) collector.title = fullTitle(title);
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
