// Hub administration over HTTP, for the web app's settings page. Hub admins are the users named in
// HUBKIT_ADMINS (a comma list); an organisation's admins are its members with the admin role.
//   GET    /api/hubkit/provider-keys                  which providers have a key, for the hub and per
//                                                     org (never the key): hub admins see all, org
//                                                     admins their orgs'
//   PUT    /api/hubkit/provider-keys/{provider}[?org=] {"key": "…"}: sealed as the CLI does
//   DELETE /api/hubkit/provider-keys/{provider}[?org=]
//   GET    /api/hubkit/storage                        the report `hubkit-hub storage` prints (hub admins)
// Without a hub token: 401; with one that may not: 403. A key is never returned, logged or put in an
// error: the PUT body is read by this module's own parser, whose errors name no part of it.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminKeysReply } from "../contract/api.js";
import type { ProviderKeys } from "../gateway/keys.js";
import { providerNameProblem } from "../gateway/keys.js";
import { HttpError } from "../http/errors.js";
import { hashToken } from "../repos/access.js";
import type { RepoService } from "../repos/service.js";
import { storageReport } from "../xet/usage.js";

export const PROVIDER_KEYS_PATH = "/api/hubkit/provider-keys";
export const STORAGE_PATH = "/api/hubkit/storage";
const HUB_TOKEN = /^Bearer\s+(hf_[A-Za-z0-9]{20,100})\s*$/i;
const ORG_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/** HUBKIT_ADMINS: user names, lower-cased. */
export function adminsFrom(text: string | undefined): Set<string> {
  return new Set(
    (text ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

interface Who {
  user: string;
  hubAdmin: boolean;
  /** the orgs this user administers, lower-cased */
  adminOf: Set<string>;
}

export function registerAdminRoutes(
  app: FastifyInstance,
  context: { keys: ProviderKeys; repos: RepoService; admins: Set<string>; reload(): Promise<void> },
): void {
  const { keys, repos, admins } = context;

  /** The signed-in user behind the request's hub token; 401 without one. */
  async function who(request: FastifyRequest): Promise<Who> {
    const token = HUB_TOKEN.exec(request.headers.authorization ?? "")?.[1];
    const record = token ? await repos.meta.tokenByHash(hashToken(token)) : undefined;
    if (!record)
      throw new HttpError(401, "Sign in with a hub token of this hub (Authorization: Bearer hf_…)");
    const memberships = await repos.meta.memberships(record.user);
    return {
      user: record.user,
      hubAdmin: admins.has(record.user.toLowerCase()),
      adminOf: new Set(memberships.filter((m) => m.role === "admin").map((m) => m.org.toLowerCase())),
    };
  }

  /** The scope a key request names (`?org=`), checked against what the caller may manage. */
  function scopeFor(request: FastifyRequest, caller: Who): { org?: string } {
    const { org } = request.query as { org?: string };
    if (org === undefined || org === "") {
      if (!caller.hubAdmin) throw new HttpError(403, "Only hub admins (HUBKIT_ADMINS) manage the hub's keys");
      return {};
    }
    if (!ORG_RE.test(org)) throw new HttpError(400, `"${org.slice(0, 40)}" is not an organisation name`);
    if (!caller.hubAdmin && !caller.adminOf.has(org.toLowerCase())) {
      throw new HttpError(403, `Only admins of "${org}" (or hub admins) manage its keys`);
    }
    return { org: org.toLowerCase() };
  }

  function providerOf(request: FastifyRequest): string {
    const { provider } = request.params as { provider: string };
    const problem = providerNameProblem(provider);
    if (problem) throw new HttpError(400, problem);
    return provider;
  }

  app.get(PROVIDER_KEYS_PATH, async (request): Promise<AdminKeysReply> => {
    const caller = await who(request);
    if (!caller.hubAdmin && caller.adminOf.size === 0) {
      throw new HttpError(403, "Only hub admins and organisation admins see provider keys");
    }
    const listed = await keys.list();
    const visible = listed.filter((key) =>
      key.org === undefined ? caller.hubAdmin : caller.hubAdmin || caller.adminOf.has(key.org),
    );
    return {
      hubAdmin: caller.hubAdmin,
      orgs: [...caller.adminOf].sort(),
      keys: visible.map((key) => ({
        provider: key.provider,
        org: key.org ?? null,
        updatedAt: key.updatedAt,
      })),
    };
  });

  app.delete(`${PROVIDER_KEYS_PATH}/:provider`, async (request, reply) => {
    const provider = providerOf(request);
    const scope = scopeFor(request, await who(request));
    if (!(await keys.remove(provider, scope))) {
      throw new HttpError(404, `No ${provider} key is stored for ${scope.org ?? "the hub"}`);
    }
    await context.reload();
    return reply.code(204).send();
  });

  // The PUT body under its own parser: Fastify's JSON parser puts part of a malformed body in its
  // error message, and this body is a secret.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser("*", { parseAs: "string", bodyLimit: 8192 }, (_request, body, done) =>
      done(null, body),
    );
    scoped.put(`${PROVIDER_KEYS_PATH}/:provider`, async (request, reply) => {
      const provider = providerOf(request);
      const scope = scopeFor(request, await who(request));
      let key: unknown;
      try {
        key = (JSON.parse(String(request.body ?? "")) as { key?: unknown }).key;
      } catch {
        throw new HttpError(400, 'The body must be JSON: {"key": "<the provider key>"}');
      }
      if (typeof key !== "string")
        throw new HttpError(400, 'The body must be JSON: {"key": "<the provider key>"}');
      try {
        await keys.set(provider, scope, key);
      } catch (error) {
        // ProviderKeys.set's messages name the rule broken, never the key.
        const message = (error as Error).message;
        throw new HttpError(message.startsWith("HUBKIT_SECRET_KEY") ? 503 : 400, message);
      }
      await context.reload();
      return reply.code(204).send();
    });
  });

  app.get(STORAGE_PATH, async (request) => {
    const caller = await who(request);
    if (!caller.hubAdmin) throw new HttpError(403, "Only hub admins (HUBKIT_ADMINS) see the storage report");
    return storageReport(repos);
  });
}
