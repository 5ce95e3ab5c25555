// What the hubkit-hub commands share: the usage error (exit code 2, with the usage printed), argument
// parsing that reports a bad option as one, and the repository storage a command opens from its
// --data-dir and the environment, as `serve` does.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DEFAULT_DATA_DIR } from "./paths.js";
import { openRepoService } from "./repos/open.js";

export class UsageError extends Error {}

/** `parseArgs` with positionals allowed; an unknown or malformed option is a UsageError. */
type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;
type Parsed<Options extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: Options }>
>;

export function parseCommandArgs<const Options extends OptionsConfig>(
  argv: string[],
  options: Options,
): Parsed<Options> {
  try {
    return parseArgs({ args: argv, allowPositionals: true as const, options });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The hub's repositories on its own storage: the data dir, or HUBKIT_DATABASE_URL and HUBKIT_BLOB_DIR. */
export function openCommandRepos(dataDir: string | undefined, env: Record<string, string | undefined>) {
  return openRepoService({
    dataDir: dataDir ?? env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: env.HUBKIT_DATABASE_URL?.trim() || undefined,
    blobDir: env.HUBKIT_BLOB_DIR || undefined,
  });
}

/**
 * A command whose only option is --data-dir (gc, storage): runs `work` on the repositories there and
 * closes them after.
 */
export async function onCommandRepos(
  command: string,
  argv: string[],
  env: Record<string, string | undefined>,
  work: (service: Awaited<ReturnType<typeof openCommandRepos>>) => Promise<void>,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { "data-dir": { type: "string" } });
  if (positionals.length) throw new UsageError(`${command}: unexpected argument "${positionals[0]}"`);
  const service = await openCommandRepos(values["data-dir"], env);
  try {
    await work(service);
    return 0;
  } finally {
    await service.meta.close();
  }
}
