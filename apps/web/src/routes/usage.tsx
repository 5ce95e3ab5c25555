// Usage: the router calls made through this hub (GET /api/hubkit/usage), grouped by token, org, model
// or day, with a bar chart of tokens per day. Offline the server renders everyone's calls; online the
// API answers a signed-in token only, so the page asks again from the browser with it.
import { useEffect, useMemo, useState } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import { ErrorNotice } from "../components/Feedback.js";
import { RouteError } from "../components/RouteError.js";
import { getJson, HubApiError, type UsageReply, type UsageRow } from "../lib/api.js";
import { formatCount } from "../lib/format.js";
import { useTitle } from "../lib/title.js";

const GROUPS = { token: "Token", org: "Organisation", model: "Model", day: "Day" } as const;
type Group = keyof typeof GROUPS;

type Loaded = { reply: UsageReply } | { needsToken: string };

export async function loader(): Promise<Loaded> {
  try {
    return { reply: await getJson<UsageReply>("/api/hubkit/usage?days=30") };
  } catch (error) {
    if (error instanceof HubApiError && error.status === 401) return { needsToken: error.message };
    throw error;
  }
}

interface Total {
  key: string;
  calls: number;
  errors: number;
  tokensIn: number;
  tokensOut: number;
  costUsd: number;
}

function keyOf(row: UsageRow, group: Group): string {
  if (group === "token")
    return row.user ? `${row.user} · ${row.tokenId?.slice(0, 8) ?? ""}` : "(no hub token)";
  if (group === "org") return row.org ?? "(not billed to an org)";
  if (group === "model") return row.model || "(unknown)";
  return row.day;
}

function totals(rows: readonly UsageRow[], group: Group): Total[] {
  const byKey = new Map<string, Total>();
  for (const row of rows) {
    const key = keyOf(row, group);
    const total = byKey.get(key) ?? { key, calls: 0, errors: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };
    total.calls += row.calls;
    total.errors += row.errors;
    total.tokensIn += row.tokensIn;
    total.tokensOut += row.tokensOut;
    total.costUsd += row.costUsd;
    byKey.set(key, total);
  }
  const list = [...byKey.values()];
  return group === "day"
    ? list.sort((a, b) => a.key.localeCompare(b.key))
    : list.sort((a, b) => b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut));
}

/** Tokens per day as bars (in and out stacked); the figures are also in the table below. */
function DayChart({ rows }: { rows: readonly UsageRow[] }) {
  const days = totals(rows, "day");
  if (days.length === 0) return null;
  const most = Math.max(...days.map((day) => day.tokensIn + day.tokensOut), 1);
  const width = 640;
  const height = 160;
  const slot = width / days.length;
  const bar = Math.min(48, slot * 0.7);
  return (
    <figure className="usage-chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label="Tokens per day">
        {days.map((day, index) => {
          const x = index * slot + (slot - bar) / 2;
          const inHeight = (day.tokensIn / most) * height;
          const outHeight = (day.tokensOut / most) * height;
          return (
            <g key={day.key}>
              <title>{`${day.key}: ${day.tokensIn} tokens in, ${day.tokensOut} out`}</title>
              <rect x={x} y={height - inHeight} width={bar} height={inHeight} className="usage-in" />
              <rect
                x={x}
                y={height - inHeight - outHeight}
                width={bar}
                height={outHeight}
                className="usage-out"
              />
              <text x={x + bar / 2} y={height + 14} textAnchor="middle">
                {day.key.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Tokens per day: <span className="usage-swatch usage-in-key" aria-hidden /> in,{" "}
        <span className="usage-swatch usage-out-key" aria-hidden /> out
      </figcaption>
    </figure>
  );
}

export function Component() {
  useTitle("Usage");
  const loaded = useLoaderData() as Loaded;
  const [params, setParams] = useSearchParams();
  const group = (params.get("by") as Group | null) ?? "token";
  const [fetched, setFetched] = useState<UsageReply | undefined>();
  const [error, setError] = useState<unknown>();
  // Online, the server renders anonymously: the browser asks with the signed-in token.
  useEffect(() => {
    if (!("needsToken" in loaded)) return;
    getJson<UsageReply>("/api/hubkit/usage?days=30").then(setFetched, setError);
  }, [loaded]);
  const reply = "reply" in loaded ? loaded.reply : fetched;
  const rows = useMemo(() => totals(reply?.rows ?? [], GROUPS[group] ? group : "token"), [reply, group]);

  return (
    <div className="page">
      <h1>Usage</h1>
      <p className="lead">
        Router calls through this hub in the last 30 days: tokens, calls and cost at the hub&apos;s price
        table.
      </p>
      {"needsToken" in loaded && !reply && !error && <p className="hint">{loaded.needsToken}</p>}
      {error !== undefined && <ErrorNotice error={error} context="Usage" />}
      {reply && (
        <>
          <DayChart rows={reply.rows} />
          <div className="chip-list" role="group" aria-label="Group by">
            {(Object.keys(GROUPS) as Group[]).map((key) => (
              <button
                key={key}
                type="button"
                className="chip usage-group"
                aria-pressed={group === key}
                onClick={() => setParams(key === "token" ? {} : { by: key }, { replace: true })}
              >
                {GROUPS[key]}
              </button>
            ))}
          </div>
          {rows.length === 0 ? (
            <p className="hint">No router calls recorded yet.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Usage table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{GROUPS[group]}</th>
                    <th scope="col">Calls</th>
                    <th scope="col">Errors</th>
                    <th scope="col">Tokens in</th>
                    <th scope="col">Tokens out</th>
                    <th scope="col">Cost (USD)</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key}>
                      <td>{row.key}</td>
                      <td>{formatCount(row.calls)}</td>
                      <td>{formatCount(row.errors)}</td>
                      <td>{formatCount(row.tokensIn)}</td>
                      <td>{formatCount(row.tokensOut)}</td>
                      <td>{row.costUsd.toFixed(6)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
