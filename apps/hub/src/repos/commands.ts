// The repository commands of hubkit-hub, on the server's own storage (the data dir, or
// HUBKIT_DATABASE_URL and HUBKIT_BLOB_DIR) without a running server: `token create|list|revoke`
// (`create` prints the new token alone on stdout) and `gc` (removes contents no commit names).
import type { Writable } from "node:stream";
import { onCommandRepos, openCommandRepos, parseCommandArgs, UsageError } from "../command-line.js";

export const TOKEN_USAGE = `  hubkit-hub token create --user NAME [--write] [--org ORG]... [--name LABEL] [--data-dir DIR]
      Create a hub token for NAME (and the user, and each org with NAME a member, when missing).
      Prints the token alone on stdout: it is not stored and cannot be shown again. Read-only
      unless --write.
  hubkit-hub token list --user NAME [--data-dir DIR]
  hubkit-hub token revoke ID [--data-dir DIR]
  hubkit-hub gc [--data-dir DIR]
      Remove stored file contents that no commit names (older than an hour: uploads under way stay).`;

/** `hubkit-hub gc`: collects unreferenced blobs; prints what it removed. */
export async function gcCommand(
  argv: string[],
  io: { stdout: Writable; env: Record<string, string | undefined> },
): Promise<number> {
  return onCommandRepos("gc", argv, io.env, async (service) => {
    const { blobs, bytes } = await service.collectGarbage();
    io.stdout.write(`removed ${blobs} unreferenced files (${bytes} bytes)\n`);
  });
}

export async function tokenCommand(
  argv: string[],
  io: { stdout: Writable; stderr: Writable; env: Record<string, string | undefined> },
): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    user: { type: "string" },
    write: { type: "boolean" },
    org: { type: "string", multiple: true },
    name: { type: "string" },
    "data-dir": { type: "string" },
  });
  const [action, ...rest] = positionals;
  const service = await openCommandRepos(values["data-dir"], io.env);
  try {
    if (action === "create") {
      if (!values.user) throw new UsageError("token create needs --user NAME");
      if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
      const token = await service.access.createToken(values.user, {
        write: values.write,
        orgs: values.org,
        name: values.name,
      });
      io.stdout.write(`${token}\n`);
      return 0;
    }
    if (action === "list") {
      if (!values.user) throw new UsageError("token list needs --user NAME");
      for (const token of await service.meta.listTokens(values.user))
        io.stdout.write(`${token.id}\t${token.role}\t${token.createdAt}\t${token.displayName}\n`);
      return 0;
    }
    if (action === "revoke") {
      if (rest.length !== 1) throw new UsageError("token revoke takes one token id (see token list)");
      if (!(await service.meta.revokeToken(rest[0]))) {
        io.stderr.write(`hubkit-hub: no token with id ${rest[0]}\n`);
        return 1;
      }
      io.stdout.write(`revoked ${rest[0]}\n`);
      return 0;
    }
    throw new UsageError(`token needs an action: create, list or revoke`);
  } finally {
    await service.meta.close();
  }
}
