// Start page: what hubkit offers, one card per section.
import { PROVIDER_DEFINITIONS } from "@hubkit/inference/providers";
import { ArrowRight, Boxes, FlaskConical, LayoutGrid, Library } from "lucide-react";
import { Link } from "react-router";
import { RouteError } from "../components/RouteError.js";
import { useTitle } from "../lib/title.js";

const SECTIONS = [
  {
    to: "/tasks",
    icon: LayoutGrid,
    title: "Tasks",
    text: "What each ML task is, a demo of its inputs and outputs, and the models, datasets and metrics to start from.",
  },
  {
    to: "/models",
    icon: Boxes,
    title: "Models",
    text: "Search the catalogue by task and library; copy the code to load a model or to call it on a provider.",
  },
  {
    to: "/libraries",
    icon: Library,
    title: "Libraries",
    text: "Every library the hub knows: what it is, how to install it, its documentation, its models and snippets.",
  },
  {
    to: "/playground",
    icon: FlaskConical,
    title: "Playground",
    text: "Chat with a model or generate an image, tune the parameters, then take the exact code with you.",
  },
];

export function Component() {
  useTitle(undefined);
  return (
    <div className="page home">
      <section className="hero">
        <h1>Find a model, copy code that runs, try it first.</h1>
        <p className="lead">
          hubkit is an open model-hub toolkit: a catalogue of tasks and libraries, an inference client for the
          router and {PROVIDER_DEFINITIONS.length} providers, and ready-to-run snippets. It works fully
          offline.
        </p>
      </section>
      <ul className="card-grid sections">
        {SECTIONS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link to={to} className="card section-card">
              <h2>
                <Icon size={20} aria-hidden /> {title}
              </h2>
              <p>{text}</p>
              <span className="more">
                Open {title.toLowerCase()} <ArrowRight size={16} aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = RouteError;
