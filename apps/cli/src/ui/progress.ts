// Progress bars (cli-progress) on stderr, shown only when stderr is a terminal: piped or redirected
// output stays free of control characters.
import { createRequire } from "node:module";
import type * as CliProgress from "cli-progress";
import { formatBytes, wantsColour } from "./output.js";

export interface Bar {
  update(done: number): void;
  increment(by: number): void;
  setTotal(total: number): void;
  stop(): void;
}

export interface Bars {
  /** A bar for `label` out of `total` bytes. */
  add(label: string, total: number): Bar;
  /** Prints a line above the bars (plain output while bars are drawn would tear them). */
  log(text: string): void;
  stop(): void;
}

const NO_BAR: Bar = { update() {}, increment() {}, setTotal() {}, stop() {} };

export function progressShown(env = process.env): boolean {
  return Boolean(process.stderr.isTTY) && env.HUBKIT_NO_PROGRESS === undefined;
}

function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(Math.round(bytesPerSecond))}/s`;
}

function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--";
  const s = Math.round(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A set of byte-counting bars (one per file, and a total), or nothing when not on a terminal. */
export function byteBars(env = process.env): Bars {
  if (!progressShown(env)) return { add: () => NO_BAR, log: (text) => process.stderr.write(text), stop() {} };
  // Loaded on first use: commands that draw no bar start faster.
  const cliProgress = createRequire(import.meta.url)("cli-progress") as typeof CliProgress;
  const colour = wantsColour(process.stderr, env);
  const started = new Map<string, number>();
  const multi = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
      fps: 10,
      barsize: 24,
      autopadding: true,
      format: (options, params, payload: { label: string }) => {
        const ratio = params.total > 0 ? Math.min(1, params.value / params.total) : 1;
        const filled = Math.round(ratio * (options.barsize ?? 24));
        const bar = "█".repeat(filled) + "░".repeat((options.barsize ?? 24) - filled);
        const since = started.get(payload.label) ?? params.startTime;
        const seconds = Math.max(0.001, (Date.now() - since) / 1000);
        const rate = params.value / seconds;
        const eta = rate > 0 ? (params.total - params.value) / rate : Infinity;
        const label = payload.label.length > 32 ? `…${payload.label.slice(-31)}` : payload.label.padEnd(32);
        const shown = colour ? `\u001b[36m${bar}\u001b[39m` : bar;
        return `${label} ${shown} ${String(Math.floor(ratio * 100)).padStart(3)}% ${formatBytes(params.value)}/${formatBytes(params.total)} ${formatRate(rate)} ETA ${formatEta(eta)}`;
      },
    },
    cliProgress.Presets.shades_classic,
  );
  // Ctrl-C while bars are drawn: give the terminal its cursor back, then end as an interrupted
  // command does (130). A partial download stays as its .incomplete file, resumed next time.
  const interrupted = () => {
    multi.stop();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  return {
    add(label, total) {
      started.set(label, Date.now());
      const bar = multi.create(total, 0, { label });
      let value = 0;
      return {
        update(done) {
          value = done;
          bar.update(done);
        },
        increment(by) {
          value += by;
          bar.update(value);
        },
        setTotal(newTotal) {
          bar.setTotal(newTotal);
        },
        stop() {
          bar.update(value);
          bar.stop();
        },
      };
    },
    log(text) {
      multi.log(text.endsWith("\n") ? text : `${text}\n`);
    },
    stop() {
      // A last frame prints the lines logged since the previous one.
      multi.update();
      multi.stop();
      process.off("SIGINT", interrupted);
    },
  };
}
