#!/usr/bin/env node
// hubkit-emulator [--port-base N] [--poll-steps N]: prints the host map as JSON, runs until SIGINT/SIGTERM.
import { startEmulator } from "./emulator.js";
import type { EmulatorOptions } from "./types.js";

const USAGE = "Usage: hubkit-emulator [--port-base N] [--poll-steps N]";

function parseArgs(argv: string[]): EmulatorOptions {
  const options: EmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split("=", 2);
    const value = () => {
      const v = inline ?? argv[++i];
      const n = Number(v);
      if (v === undefined || !Number.isInteger(n))
        throw new Error(
          `${flag} needs an integer value, got ${v === undefined ? "nothing" : JSON.stringify(v)}`,
        );
      return n;
    };
    if (flag === "--port-base") options.portBase = value();
    else if (flag === "--poll-steps") options.pollSteps = value();
    else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown argument ${JSON.stringify(arg)}`);
  }
  return options;
}

async function main(): Promise<void> {
  let options: EmulatorOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const emu = await startEmulator(options);
  console.log(
    JSON.stringify(
      { hubUrl: emu.hubUrl, routerUrl: emu.routerUrl, providerUrls: emu.providerUrls, hosts: emu.hosts },
      null,
      2,
    ),
  );
  const stop = () => {
    emu.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
