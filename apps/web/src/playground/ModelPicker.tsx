// Searchable model picker (WAI-ARIA combobox with a listbox popup): type to filter by model id or
// provider, arrows to move, Enter to pick, Escape to close. Each option shows the providers serving
// the model for the task, whether it takes images, and its context length when the hub knows it.
import { ChevronDown, Eye } from "lucide-react";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { HubModel } from "../lib/api.js";
import { NOT_ROUTED_PROVIDERS } from "../lib/providers.js";

/** Context length in tokens, from the fields the hub may carry (GGUF metadata, or the model config). */
export function contextLength(model: HubModel): number | undefined {
  const gguf = (model.gguf as { context_length?: unknown } | undefined)?.context_length;
  const config = (model.config as { max_position_embeddings?: unknown } | undefined)?.max_position_embeddings;
  for (const value of [gguf, config]) if (typeof value === "number" && value > 0) return value;
  return undefined;
}

export function formatContext(tokens: number): string {
  return tokens >= 1024 && tokens % 1024 === 0
    ? `${tokens / 1024}K ctx`
    : `${tokens.toLocaleString("en")} ctx`;
}

export const takesImages = (model: HubModel | undefined) => model?.pipeline_tag === "image-text-to-text";

export function providersFor(model: HubModel | undefined, task: string): string[] {
  const mapping = model?.inferenceProviderMapping ?? {};
  return Object.keys(mapping).filter((id) => mapping[id].task === task && !NOT_ROUTED_PROVIDERS.has(id));
}

interface ModelPickerProps {
  label: string;
  models: HubModel[];
  value: string;
  task: string;
  onChange(id: string): void;
}

export function ModelPicker({ label, models, value, task, onChange }: ModelPickerProps) {
  const ids = useId();
  const [query, setQuery] = useState<string | undefined>(); // undefined: not searching
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const open = query !== undefined;

  const matches = useMemo(() => {
    const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    return models.filter((model) => {
      const haystack = `${model.id} ${providersFor(model, task).join(" ")}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [models, query, task]);

  const close = () => {
    setQuery(undefined);
    setActive(0);
  };
  const pick = (id: string) => {
    onChange(id);
    close();
  };
  const move = (index: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, index));
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setQuery("");
        setActive(
          Math.max(
            0,
            models.findIndex((model) => model.id === value),
          ),
        );
        return;
      }
      move(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (matches[active]) pick(matches[active].id);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className="field model-picker">
      <label htmlFor={`${ids}-input`} id={`${ids}-label`}>
        {label}
      </label>
      <div className="model-picker-box">
        <input
          ref={input}
          id={`${ids}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${ids}-option-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search models or providers"
          value={open ? query : value}
          title={open ? undefined : value}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => !open && setQuery("")}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // A click on an option keeps the list until it has been handled.
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) close();
          }}
        />
        <button
          type="button"
          className="model-picker-toggle"
          tabIndex={-1}
          aria-label={open ? "Close the list" : "Show the list"}
          onClick={() => {
            if (open) close();
            else {
              setQuery("");
              input.current?.focus();
            }
          }}
        >
          <ChevronDown size={16} aria-hidden />
        </button>
        {open && (
          <ul
            ref={list}
            id={`${ids}-list`}
            role="listbox"
            aria-labelledby={`${ids}-label`}
            className="model-options"
          >
            {matches.length === 0 && <li className="muted model-none">No model matches “{query}”.</li>}
            {matches.map((model, index) => {
              const providers = providersFor(model, task);
              const context = contextLength(model);
              return (
                <li
                  key={model.id}
                  id={`${ids}-option-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={model.id === value}
                  className={index === active ? "active" : undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => pick(model.id)}
                >
                  <span className="model-option-id">{model.id}</span>
                  <span className="model-option-meta">
                    {takesImages(model) && (
                      <span className="badge info">
                        <Eye size={12} aria-hidden /> vision
                      </span>
                    )}
                    {context !== undefined && <span className="badge subtle">{formatContext(context)}</span>}
                    <span className="model-option-providers">
                      {providers.length} provider{providers.length === 1 ? "" : "s"}: {providers.join(", ")}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
