// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs; only the
// selected tab is in the Tab order.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem {
  id: string;
  label: ReactNode;
}

interface TabsProps {
  label: string;
  items: TabItem[];
  selected: string;
  onSelect(id: string): void;
  children: ReactNode;
  size?: "normal" | "small";
  /** shown at the end of the tab row (e.g. a picker for options past the tabs) */
  after?: ReactNode;
}

export function Tabs({ label, items, selected, onSelect, children, size = "normal", after }: TabsProps) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = items.some((item) => item.id === selected) ? selected : items[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    const id = items[next].id;
    onSelect(id);
    refs.current[id]?.focus();
  };

  return (
    <div className={`tabs tabs-${size}`}>
      <div className={after ? "tabs-bar" : undefined}>
        <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
          {items.map((item) => {
            const isSelected = item.id === current;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  refs.current[item.id] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel`}
                tabIndex={isSelected ? 0 : -1}
                className="tab"
                onClick={() => onSelect(item.id)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {after && <div className="tabs-after">{after}</div>}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${current}`}
        className="tabpanel"
      >
        {children}
      </div>
    </div>
  );
}
