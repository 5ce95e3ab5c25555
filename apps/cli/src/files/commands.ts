// File commands: download, upload, ls, repo create|delete|ls|settings, cache ls|rm|prune.
import { Option, type Command } from "commander";
import { createInterface } from "node:readline/promises";
import { hubCacheDir } from "../config.js";
import { CliError, UsageError } from "../errors.js";
import { ensureOk, hubClient, typeSegment, type RepoType } from "../hub-api.js";
import { byteRate, choice, integer, repoId } from "../options.js";
import { formatBytes, print, printJson, table } from "../ui/output.js";
import { pruneCache, removeFromCache, scanCache } from "./cache.js";
import { download } from "./download.js";
import { upload } from "./upload.js";

const repoTypeOption = () =>
  new Option("--repo-type <type>", "model or dataset")
    .default("model")
    .argParser(choice("--repo-type", ["model", "dataset"] as const));
const collect = (value: string, previous: string[] = []) => [...previous, value];

function registerTransfers(program: Command): void {
  program
    .command("download")
    .description(
      "download a repo's files into the shared cache (HF_HUB_CACHE) or --local-dir; prints the folder",
    )
    .argument("<repo>", "owner/name", repoId)
    .argument("[files...]", "only these files (default: all, filtered by --include/--exclude)")
    .addOption(repoTypeOption())
    .option("--revision <rev>", "branch, tag or commit", "main")
    .option("--include <glob>", "only paths matching (repeatable)", collect)
    .option("--exclude <glob>", "skip paths matching (repeatable)", collect)
    .option("--local-dir <dir>", "write the files there instead of the cache")
    .option("--cache-dir <dir>", "the cache (default $HF_HUB_CACHE, else $HF_HOME/hub)")
    .option("--max-workers <n>", "files downloaded at once", integer("--max-workers", 1, 64), 4)
    .option("--limit-rate <rate>", "bytes per second at most, e.g. 20M", byteRate)
    .option("--json", "print what was downloaded as JSON")
    .action(async (repo: string, files: string[], values) => {
      const result = await download(repo, files, {
        repoType: values.repoType as RepoType,
        revision: values.revision,
        include: values.include,
        exclude: values.exclude,
        localDir: values.localDir,
        cacheDir: values.cacheDir,
        maxWorkers: values.maxWorkers,
        limitRate: values.limitRate,
      });
      if (values.json) printJson(result);
      else print(result.path);
    });

  program
    .command("upload")
    .description(
      "upload a file or folder to a repo in one commit (created when missing; LFS for large files)",
    )
    .argument("<repo>", "owner/name", repoId)
    .argument("<path>", "a local file or folder")
    .argument(
      "[path-in-repo]",
      "where it goes in the repo (default: the file's name, or the root for a folder)",
    )
    .addOption(repoTypeOption())
    .option("--revision <branch>", "branch to commit to", "main")
    .option("--commit-message <text>", "the commit's summary")
    .option("--include <glob>", "only paths matching (repeatable)", collect)
    .option("--exclude <glob>", "skip paths matching (repeatable)", collect)
    .option("--private", "create the repo private when it does not exist")
    .option("--max-workers <n>", "files uploaded at once", integer("--max-workers", 1, 64), 4)
    .option("--json", "print the commit as JSON")
    .action(async (repo: string, source: string, pathInRepo: string | undefined, values) => {
      const result = await upload(repo, source, pathInRepo ?? "", {
        repoType: values.repoType as RepoType,
        revision: values.revision,
        commitMessage: values.commitMessage,
        include: values.include,
        exclude: values.exclude,
        private: values.private,
        maxWorkers: values.maxWorkers,
      });
      if (values.json) printJson(result);
      else print(`${result.files} files (${result.lfsFiles} through LFS) committed: ${result.commitUrl}`);
    });

  program
    .command("ls")
    .description("list a repo's files with their sizes")
    .argument("<repo>", "owner/name", repoId)
    .addOption(repoTypeOption())
    .option("--revision <rev>", "branch, tag or commit", "main")
    .option("--json", "print the tree as JSON")
    .action(async (repo: string, values) => {
      const client = hubClient();
      const entries: { type: string; path: string; size: number; lfs?: unknown }[] = [];
      let next: string | undefined =
        `/api/${typeSegment(values.repoType)}/${repo}/tree/${encodeURIComponent(values.revision)}?recursive=true`;
      while (next) {
        const response = await ensureOk(await client.request(next), `list ${repo}`);
        entries.push(...((await response.json()) as typeof entries));
        next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
      }
      if (values.json) return printJson(entries);
      const files = entries.filter((entry) => entry.type === "file");
      for (const entry of files)
        print(`${formatBytes(entry.size).padStart(9)}  ${entry.path}${entry.lfs ? "  (LFS)" : ""}`);
      print(`${files.length} files, ${formatBytes(files.reduce((sum, e) => sum + e.size, 0))}`);
    });
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await lines.question(`${question} [y/N] `);
  lines.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function ownerFields(repo: string): Promise<{ name: string; organization?: string }> {
  const [owner, name] = repo.split("/");
  const me = await hubClient().json<{ name: string }>("/api/whoami-v2");
  return owner === me.name ? { name } : { name, organization: owner };
}

function registerRepo(program: Command): void {
  const repo = program.command("repo").description("create, delete, list and configure repos");
  repo
    .command("create")
    .description("create a repo (owner/name; owner is you or one of your orgs)")
    .argument("<repo>", "owner/name", repoId)
    .addOption(repoTypeOption())
    .option("--private", "visible to its owner only")
    .option("--exist-ok", "no error when it exists")
    .option("--json", "print the hub's answer as JSON")
    .action(async (id: string, values) => {
      const client = hubClient();
      const response = await client.request("/api/repos/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...(await ownerFields(id)),
          type: values.repoType,
          private: Boolean(values.private),
        }),
      });
      if (response.status === 409 && values.existOk)
        return values.json ? printJson({ id, existed: true }) : print(`${id} exists`);
      const body = (await (await ensureOk(response, `create ${id}`)).json()) as { url: string };
      if (values.json) printJson(body);
      else print(body.url);
    });
  repo
    .command("delete")
    .description("delete a repo and all its files (asks first; --yes when not on a terminal)")
    .argument("<repo>", "owner/name", repoId)
    .addOption(repoTypeOption())
    .option("-y, --yes", "do not ask")
    .action(async (id: string, values) => {
      if (!values.yes && !(await confirm(`Delete ${id} and all its files?`)))
        throw new UsageError(`not deleting ${id}: confirm on a terminal or pass --yes`);
      await ensureOk(
        await hubClient().request("/api/repos/delete", {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...(await ownerFields(id)), type: values.repoType }),
        }),
        `delete ${id}`,
      );
      print(`deleted ${id}`);
    });
  repo
    .command("ls")
    .description("list the repos of an owner (default: you)")
    .argument("[owner]", "a user or org")
    .addOption(repoTypeOption())
    .option("--json", "print the list as JSON")
    .action(async (owner: string | undefined, values) => {
      const client = hubClient();
      const author = owner ?? (await client.json<{ name: string }>("/api/whoami-v2")).name;
      const repos = await client.json<{ id: string; private?: boolean; lastModified?: string }[]>(
        `/api/${typeSegment(values.repoType)}?author=${encodeURIComponent(author)}&limit=1000`,
      );
      if (values.json) return printJson(repos);
      print(
        table(
          ["REPO", "VISIBILITY", "LAST MODIFIED"],
          repos.map((r) => [r.id, r.private ? "private" : "public", r.lastModified ?? ""]),
        ),
      );
    });
  repo
    .command("settings")
    .description("change a repo's visibility or gating")
    .argument("<repo>", "owner/name", repoId)
    .addOption(repoTypeOption())
    .addOption(new Option("--private", "make it private").conflicts("public"))
    .option("--public", "make it public")
    .option(
      "--gated <mode>",
      "auto, manual or false",
      choice("--gated", ["auto", "manual", "false"] as const),
    )
    .option("--json", "print the new settings as JSON")
    .action(async (id: string, values) => {
      const changes: Record<string, unknown> = {};
      if (values.private) changes.private = true;
      if (values.public) changes.private = false;
      if (values.gated) changes.gated = values.gated === "false" ? false : values.gated;
      if (!Object.keys(changes).length) throw new UsageError("settings needs --private, --public or --gated");
      const body = await hubClient().json<Record<string, unknown>>(
        `/api/${typeSegment(values.repoType)}/${id}/settings`,
        {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(changes),
        },
      );
      if (values.json) printJson(body);
      else print(`${id}: ${body.private ? "private" : "public"}, gated: ${String(body.gated)}`);
    });
}

function registerCache(program: Command): void {
  const cache = program.command("cache").description("the shared download cache (HF_HUB_CACHE)");
  const dirOption = () =>
    new Option("--cache-dir <dir>", "the cache (default $HF_HUB_CACHE, else $HF_HOME/hub)");
  cache
    .command("ls")
    .description("list cached repos with their size and revisions")
    .addOption(dirOption())
    .option("--json", "print as JSON")
    .action((values) => {
      const repos = scanCache(values.cacheDir ?? hubCacheDir());
      if (values.json) return printJson(repos);
      print(
        table(
          ["REPO", "TYPE", "SIZE", "FILES", "REFS", "LAST MODIFIED"],
          repos.map((r) => [
            r.repo,
            r.type,
            formatBytes(r.size),
            String(r.files),
            r.revisions.flatMap((v) => v.refs).join(",") || "-",
            r.lastModified.slice(0, 19),
          ]),
        ),
      );
    });
  cache
    .command("rm")
    .description("remove a cached repo, or one of its revisions")
    .argument("<repo>", "owner/name", repoId)
    .addOption(repoTypeOption())
    .option("--revision <rev>", "only this commit or ref")
    .addOption(dirOption())
    .action((id: string, values) => {
      const repo = scanCache(values.cacheDir ?? hubCacheDir()).find(
        (r) => r.repo === id && r.type === values.repoType,
      );
      if (!repo) throw new CliError(`${id} is not in the cache`);
      const freed = removeFromCache(repo, values.revision);
      if (freed < 0) throw new CliError(`${id} has no cached revision ${values.revision}`);
      print(`removed ${values.revision ? `${id}@${values.revision}` : id} (${formatBytes(freed)} freed)`);
    });
  cache
    .command("prune")
    .description("remove revisions no ref points at, unreferenced files and unfinished downloads")
    .addOption(dirOption())
    .option("--json", "print what was removed as JSON")
    .action((values) => {
      const result = pruneCache(values.cacheDir ?? hubCacheDir());
      if (values.json) printJson(result);
      else print(`removed ${result.revisions} detached revisions, ${formatBytes(result.bytes)} freed`);
    });
}

export function registerFileCommands(program: Command): void {
  registerTransfers(program);
  registerRepo(program);
  registerCache(program);
}
