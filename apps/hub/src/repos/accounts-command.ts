// `hubkit-hub user …` and `hubkit-hub org …`: the hub's accounts and organisation memberships, on the
// server's own storage (the data dir, or HUBKIT_DATABASE_URL) without a running server. Tokens are
// made with `token create`; a running hub sees a membership change within its caller cache's 10 s.
import type { Writable } from "node:stream";
import { openCommandRepos, parseCommandArgs, UsageError } from "../command-line.js";
import { ORG_ROLES, type OrgRole } from "./model.js";
import { accountNameProblem } from "./names.js";

export const ACCOUNTS_USAGE = `  hubkit-hub user create NAME | user list [--json] [--data-dir DIR]
      Users of this hub (tokens: token create).
  hubkit-hub org create NAME [--admin USER] | org list [--json] | org members ORG [--json] [--data-dir DIR]
  hubkit-hub org add ORG USER [--role admin|write|contributor|read] | org remove ORG USER [--data-dir DIR]
      Organisations and their members (role default read; add changes an existing member's role).`;

/** A request the storage refuses (the name is of the other kind of account): one line, exit code 1. */
class Refused extends Error {}

interface Io {
  stdout: Writable;
  stderr: Writable;
  env: Record<string, string | undefined>;
}

function checkName(name: string | undefined, what: string): string {
  if (!name) throw new UsageError(`${what} is missing`);
  const problem = accountNameProblem(name);
  if (problem) throw new UsageError(problem);
  return name;
}

export async function accountsCommand(kind: "user" | "org", argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    role: { type: "string" },
    admin: { type: "string" },
    json: { type: "boolean" },
    "data-dir": { type: "string" },
  });
  const [action, ...rest] = positionals;
  const role = (values.role ?? "read") as OrgRole;
  if (!ORG_ROLES.includes(role))
    throw new UsageError(`--role must be one of ${ORG_ROLES.join(", ")}, got "${values.role}"`);
  const known = kind === "user" ? ["create", "list"] : ["create", "list", "members", "add", "remove"];
  if (!action || !known.includes(action))
    throw new UsageError(`${kind} needs an action: ${known.join(", ")}`);
  const service = await openCommandRepos(values["data-dir"], io.env);
  const meta = service.meta;
  const print = (lines: string[], json: unknown) =>
    io.stdout.write(values.json ? `${JSON.stringify(json, null, 2)}\n` : lines.map((l) => `${l}\n`).join(""));
  /** The account `name` as `kind`, refusing one of the other kind. */
  const existing = async (name: string, isOrg: boolean) => {
    const account = await meta.getAccount(name);
    if (account && account.isOrg !== isOrg)
      throw new Refused(`"${name}" is ${account.isOrg ? "an organisation" : "a user"}`);
    return account;
  };
  try {
    if (action === "list") {
      const accounts = await meta.listAccounts(kind === "org");
      print(
        accounts.map((account) => `${account.name}\t${account.createdAt}`),
        accounts.map(({ name, createdAt }) => ({ name, createdAt })),
      );
      return 0;
    }
    if (action === "create") {
      const name = checkName(rest[0], `${kind} create: the name`);
      if (await existing(name, kind === "org")) {
        io.stderr.write(`hubkit-hub: ${kind === "org" ? "organisation" : "user"} "${name}" already exists\n`);
        return 1;
      }
      await meta.ensureAccount(name, kind === "org");
      if (kind === "org" && values.admin) {
        const admin = checkName(values.admin, "--admin");
        await existing(admin, false);
        await meta.ensureAccount(admin, false);
        await meta.setMember(name, admin, "admin");
      }
      io.stdout.write(`created ${kind === "org" ? "organisation" : "user"} ${name}\n`);
      return 0;
    }
    const org = checkName(rest[0], `org ${action}: the organisation`);
    if (!(await existing(org, true))) {
      io.stderr.write(`hubkit-hub: no organisation "${org}" (org create ${org})\n`);
      return 1;
    }
    if (action === "members") {
      const members = await meta.members(org);
      print(
        members.map((member) => `${member.user}\t${member.role}`),
        members,
      );
      return 0;
    }
    const user = checkName(rest[1], `org ${action}: the user`);
    if (action === "add") {
      await existing(user, false);
      await meta.ensureAccount(user, false);
      await meta.setMember(org, user, role);
      io.stdout.write(`${user} is a member of ${org} (${role})\n`);
      return 0;
    }
    if (!(await meta.removeMember(org, user))) {
      io.stderr.write(`hubkit-hub: ${user} is not a member of ${org}\n`);
      return 1;
    }
    io.stdout.write(`${user} is no longer a member of ${org}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    io.stderr.write(`hubkit-hub: ${error.message}\n`);
    return 1;
  } finally {
    await meta.close();
  }
}
