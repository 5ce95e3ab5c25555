// The header's search: a combobox suggesting models (the hub's search), tasks (the catalogue's
// pipelines) and libraries (the hub's registry) as one types. Enter on a suggestion opens it; Enter
// otherwise searches the models. Without JavaScript it is a plain form to /models?q=….
import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { getJson, listModels, modelPath, type LibraryInfo } from "../lib/api.js";
import { matchesQuery } from "../lib/format.js";

interface Suggestion {
  group: "Models" | "Tasks" | "Libraries";
  label: string;
  detail?: string;
  to: string;
}

const GROUP_LABEL: Record<Suggestion["group"], string> = {
  Models: "Model",
  Tasks: "Task",
  Libraries: "Library",
};
const PER_GROUP = 5;
const DEBOUNCE_MS = 120;

let librariesPromise: Promise<LibraryInfo[]> | undefined;
function libraries(): Promise<LibraryInfo[]> {
  librariesPromise ??= getJson<LibraryInfo[]>("/api/libraries").catch((error: unknown) => {
    librariesPromise = undefined;
    throw error;
  });
  return librariesPromise;
}

async function suggest(query: string, signal: AbortSignal): Promise<Suggestion[]> {
  const [models, { PIPELINE_DATA }, libs] = await Promise.all([
    listModels({ search: query, limit: PER_GROUP, sort: "downloads" }, signal).then(
      (page) => page.models,
      () => [],
    ),
    import("@hubkit/tasks/pipelines"),
    libraries().catch(() => [] as LibraryInfo[]),
  ]);
  const tasks = Object.entries(PIPELINE_DATA)
    .filter(([id, pipeline]) => matchesQuery(query, id, pipeline.name))
    .slice(0, PER_GROUP);
  const libraryMatches = libs
    .filter((library) => matchesQuery(query, library.id, library.prettyLabel))
    .slice(0, PER_GROUP);
  return [
    ...models.map((model): Suggestion => ({
      group: "Models",
      label: model.id,
      to: `/models/${modelPath(model.id)}`,
    })),
    ...tasks.map(([id, pipeline]): Suggestion => ({
      group: "Tasks",
      label: pipeline.name,
      detail: id,
      to: `/tasks/${id}`,
    })),
    ...libraryMatches.map((library): Suggestion => ({
      group: "Libraries",
      label: library.prettyLabel,
      detail: library.id,
      to: `/libraries/${encodeURIComponent(library.id)}`,
    })),
  ];
}

export function HeaderSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const trimmed = query.trim();
    if (!trimmed) {
      setSuggestions([]);
      setStatus("");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(trimmed, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setActive(-1);
          setStatus(found.length ? `${found.length} suggestions` : "No suggestions");
        },
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // A navigation closes the list.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  const go = (to: string) => {
    setOpen(false);
    setQuery("");
    void navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = suggestions.length - 1;
      setActive((current) =>
        event.key === "ArrowDown" ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      go(suggestions[active].to);
    }
  };

  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <form
      role="search"
      action="/models"
      className="header-search"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = query.trim();
        if (trimmed) go(`/models?q=${encodeURIComponent(trimmed)}`);
      }}
    >
      <Search size={16} aria-hidden className="header-search-icon" />
      <label htmlFor={id} className="visually-hidden">
        Search hubkit
      </label>
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        placeholder="Models, tasks, libraries…"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="header-suggestions"
        hidden={!expanded}
      >
        {suggestions.map((suggestion, index) => {
          const first = index === 0 || suggestions[index - 1].group !== suggestion.group;
          return (
            <li
              key={`${suggestion.group}-${suggestion.to}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-group={first ? suggestion.group : undefined}
              className={index === active ? "active" : undefined}
              // mousedown, not click: the input's blur would close the list first
              onMouseDown={(event) => {
                event.preventDefault();
                go(suggestion.to);
              }}
            >
              <span className="suggestion-group">{GROUP_LABEL[suggestion.group]}</span>
              <span className="suggestion-label">{suggestion.label}</span>
              {suggestion.detail && <span className="suggestion-detail">{suggestion.detail}</span>}
            </li>
          );
        })}
      </ul>
      <span className="visually-hidden" role="status">
        {open ? status : ""}
      </span>
    </form>
  );
}
