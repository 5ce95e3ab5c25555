// GET /api/hubkit/usage: recorded calls grouped by day, user, token, org, model and provider. A hub
// token sees its user's calls and those billed to its orgs; offline, where the hub is one person's,
// anyone sees everything (the usage page is rendered without a token).
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.js";
import type { Callers } from "./callers.js";
import type { UsageReply } from "../contract/api.js";
import type { GatewayData } from "./store.js";
import type { UsageLog } from "./usage.js";

export const USAGE_PATH = "/api/hubkit/usage";
const DAY_MS = 86_400_000;

export function registerUsageRoutes(
  app: FastifyInstance,
  context: { usage: UsageLog; store: GatewayData; callers: Callers; mode: "offline" | "online" },
): void {
  app.get(USAGE_PATH, async (request): Promise<UsageReply> => {
    const query = request.query as Record<string, string | undefined>;
    const days = query.days === undefined ? 30 : Number(query.days);
    if (!Number.isInteger(days) || days < 1 || days > 366) {
      throw new HttpError(
        400,
        `"days" must be a whole number from 1 to 366, got "${String(query.days).slice(0, 20)}"`,
      );
    }
    const caller = await context.callers.of(request.headers.authorization);
    if (!caller && context.mode === "online") {
      throw new HttpError(401, "Usage needs a hub token of this hub: send Authorization: Bearer hf_…");
    }
    await context.usage.flush();
    const since = Date.now() - days * DAY_MS;
    let rows = await context.store.usage({ since, user: query.user, org: query.org });
    if (caller) {
      rows = rows.filter(
        (row) =>
          row.user?.toLowerCase() === caller.user.toLowerCase() ||
          (row.org !== null && caller.orgs.has(row.org.toLowerCase())),
      );
    }
    return { since: new Date(since).toISOString(), rows };
  });
}
