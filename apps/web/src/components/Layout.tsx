// The page frame: skip link, header (navigation, search, mode badge, theme toggle; a menu on phones),
// main, footer. After a client-side navigation, focus moves to the new page's heading.
import { BarChart3, Boxes, FlaskConical, LayoutGrid, Library, Menu, Moon, Sun, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { NavLink, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { getHubConfig, type HubConfig } from "../lib/api.js";
import { useTheme } from "../lib/theme.js";
import { HeaderSearch } from "./HeaderSearch.js";
import { SignIn } from "./SignIn.js";

function ModeBadge() {
  const [config, setConfig] = useState<HubConfig | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getHubConfig().then(setConfig, () => setFailed(true));
  }, []);
  if (failed) return <span className="badge danger">hub unreachable</span>;
  if (!config) return null;
  const offline = config.mode === "offline";
  return (
    <span
      className={`badge ${offline ? "info" : "success"}`}
      title={offline ? "Inference is answered by the built-in emulator" : "Inference goes to the real router"}
      data-testid="mode-badge"
    >
      {offline ? "offline · emulator" : "online"}
    </span>
  );
}

const NAV = [
  { to: "/tasks", label: "Tasks", icon: LayoutGrid },
  { to: "/models", label: "Models", icon: Boxes },
  { to: "/libraries", label: "Libraries", icon: Library },
  { to: "/playground", label: "Playground", icon: FlaskConical },
  { to: "/usage", label: "Usage", icon: BarChart3 },
];

/** Moves focus to the page's heading after each client-side page change (not on the first load). */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout() {
  const { theme, toggle } = useTheme();
  const navigation = useNavigation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusOnNavigation();
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="header-inner">
          <NavLink to="/" className="brand" aria-label="hubkit home">
            {/* favicon.svg drawn at 72×72 (3× its size here): a PNG is decoded off the main thread when
                painted, where an SVG <img> had the renderer build a separate SVG document on its main
                thread before the first paint (inline <svg> would have added to the app's script). */}
            <img src="/logo-72.png" alt="" width={24} height={24} />
            hubkit
          </NavLink>
          <div id="site-menu" className={`header-menu${menuOpen ? " open" : ""}`}>
            <nav aria-label="Main">
              <ul>
                {NAV.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink to={to}>
                      <Icon size={16} aria-hidden /> {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <HeaderSearch id="site-search" />
          </div>
          <div className="header-tools">
            <SignIn />
            <ModeBadge />
            <button
              type="button"
              className="icon-button"
              onClick={toggle}
              aria-label={theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
            >
              {theme === "dark" ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
            </button>
            <button
              type="button"
              className="icon-button menu-button"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
            </button>
          </div>
        </div>
        {navigation.state === "loading" && (
          <div className="progress" role="progressbar" aria-label="Loading page" />
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          hubkit: open model-hub toolkit. Catalogue, inference client and snippets compatible with{" "}
          <code>@huggingface/inference</code> 4.13 (and 3.x code) and <code>@huggingface/tasks</code> 0.21
          (and 0.18).
        </p>
      </footer>
      <ScrollRestoration />
    </>
  );
}
