// A real terminal for the tests: a private tmux server (its own socket) running one command in a
// pane of a fixed size; the tests type into it and read its screen. scripts/lib.mjs installs tmux.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";

export class Terminal {
  private readonly dir = mkdtempSync(path.join(tmpdir(), "hubkit-tmux-"));
  private readonly socket = path.join(this.dir, "socket");

  /** Runs `argv` with `env` in a 200×50 pane; when it ends the pane shows "[exit N]" and stays. */
  constructor(argv: string[], env: Record<string, string | undefined>, cwd?: string) {
    const script = path.join(this.dir, "run.sh");
    const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
    const exports = Object.entries(env)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `export ${name}=${quote(value)}`);
    writeFileSync(
      script,
      [
        ...exports,
        cwd ? `cd ${quote(cwd)}` : "",
        `${argv.map(quote).join(" ")}`,
        `echo "[exit $?]"`,
        "exec cat",
      ].join("\n"),
    );
    this.tmux(
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-x",
      "200",
      "-y",
      "50",
      "-s",
      "t",
      `bash ${quote(script)}`,
    );
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-S", this.socket, ...args], { encoding: "utf8" });
  }

  /** The pane's text (with `escapes`, its colour and style sequences too). */
  screen(escapes = false): string {
    return this.tmux("capture-pane", "-p", "-J", ...(escapes ? ["-e"] : []), "-t", "t", "-S", "-200");
  }

  type(text: string): void {
    this.tmux("send-keys", "-t", "t", "-l", text);
  }

  keys(...keys: string[]): void {
    this.tmux("send-keys", "-t", "t", ...keys);
  }

  /** Waits until the screen matches `pattern`; returns the screen. */
  async waitFor(pattern: RegExp | ((screen: string) => boolean), timeout = 15_000): Promise<string> {
    const test = typeof pattern === "function" ? pattern : (screen: string) => pattern.test(screen);
    let last = "";
    await expect
      .poll(
        () => {
          last = this.screen();
          return test(last);
        },
        { timeout, interval: 50, message: `screen never matched ${String(pattern)}` },
      )
      .toBe(true);
    return last;
  }

  close(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // already gone
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
