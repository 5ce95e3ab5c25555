// Spend budgets: USD per calendar month (UTC) per hub token and per organisation billed, from the
// usage rows' cost. The month's spend is read from the store in the background (every 2 s, only while
// some budget is set) and each call this hub records is added at once, so the request path reads a
// map and never the database. Past its budget a subject's calls are refused with 402, as the real
// router answers when credits run out. Replicas see each other's spend within the refresh interval.
import { HttpError } from "../http/errors.js";
import type { GatewayData } from "./store.js";

const REFRESH_MS = 2000;

/** Who a budget applies to (`token:<id>`, `org:<name>`), its monthly USD, and how a refusal names it. */
export interface BudgetSubject {
  key: string;
  budgetUsd: number;
  label: string;
}

/** The first millisecond of the calendar month (UTC) holding `at`, and its name (2026-12). */
export function monthOf(at: number): { start: number; name: string } {
  const date = new Date(at);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return { start, name: new Date(start).toISOString().slice(0, 7) };
}

/** $12.50, or three significant figures below a dollar ($0.0000246). */
const usd = (value: number) =>
  `$${value >= 1 ? value.toFixed(2) : Number(value.toPrecision(3)).toFixed(Math.max(2, 2 - Math.floor(Math.log10(value || 1))))}`;

export class Budgets {
  /** the month's spend as last read from the store */
  private stored = new Map<string, number>();
  /** what this hub recorded since that read began */
  private recent = new Map<string, number>();
  private month = monthOf(Date.now());
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly store: GatewayData,
    /** whether any budget is set (no reads otherwise) */
    private readonly anyBudget: () => boolean,
    /** writes the calls still pending, so a read sees them */
    private readonly flush: () => Promise<void>,
    private readonly warn: (message: string) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.anyBudget()) void this.refresh();
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads the month's spend from the store now (the server also does so every 2 s). */
  refresh(): Promise<void> {
    this.refreshing ??= this.read().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async read(): Promise<void> {
    try {
      await this.flush();
      const month = monthOf(Date.now());
      // Calls recorded from here on are counted in `recent` until the next read.
      const recent = new Map<string, number>();
      this.recent = recent;
      const rows = await this.store.spendSince(month.start);
      const stored = new Map<string, number>();
      const add = (key: string, cost: number) => stored.set(key, (stored.get(key) ?? 0) + cost);
      for (const row of rows) {
        if (row.tokenId) add(`token:${row.tokenId}`, row.costUsd);
        if (row.org) add(`org:${row.org.toLowerCase()}`, row.costUsd);
      }
      this.stored = stored;
      this.month = month;
    } catch (error) {
      this.warn(`budgets: spend not reread: ${(error as Error).message}`);
    }
  }

  /** The month's spend so far for a subject. */
  spent(key: string): number {
    return (this.stored.get(key) ?? 0) + (this.recent.get(key) ?? 0);
  }

  /** 402 for the first subject whose month's spend reached its budget; undefined: go ahead. */
  check(subjects: readonly BudgetSubject[]): HttpError | undefined {
    const now = Date.now();
    // A new month starts from nothing (the background read confirms it).
    if (now >= this.month.start && monthOf(now).start !== this.month.start) {
      this.month = monthOf(now);
      this.stored = new Map();
      this.recent = new Map();
    }
    for (const subject of subjects) {
      const spent = this.spent(subject.key);
      if (spent >= subject.budgetUsd) {
        return new HttpError(
          402,
          `Budget reached for ${subject.label}: ${usd(spent)} spent in ${this.month.name} of a ` +
            `${usd(subject.budgetUsd)} monthly budget. Calls resume next month or when the budget is raised.`,
        );
      }
    }
    return undefined;
  }

  /** Adds a finished call's cost to its token's month, and its org's when billed to one. */
  add(tokenId: string, org: string | undefined, costUsd: number): void {
    if (costUsd <= 0) return;
    const bump = (key: string) => this.recent.set(key, (this.recent.get(key) ?? 0) + costUsd);
    bump(`token:${tokenId}`);
    if (org !== undefined) bump(`org:${org.toLowerCase()}`);
  }
}
