// A gateway call under way: its attempts in order, each one's outcome, and when the next one starts.
import type { AttemptOutcome, GatewayAttempt, GatewayCall } from "./types.js";

/** A gateway call under way: which attempt is current, what the earlier ones gave, the reply's tail. */
export interface ActiveCall {
  call: GatewayCall;
  index: number;
  /** `provider=status` (or `=error code`) per attempt, for the x-hubkit-attempts header */
  log: string[];
  tail?: Buffer;
}

/** Bytes of a reply kept for the gateway: a chat reply's usage object and the stream's last events. */
export const TAIL_BYTES = 4096;

export function startCall(call: GatewayCall): ActiveCall {
  return { call, index: 0, log: [] };
}

/**
 * Records the current attempt's outcome, before anything was relayed. When it is a failure worth
 * another try (`retriable`: no answer, 5xx, 429, and the browser still waiting) and another attempt
 * may start before the deadline, makes that one current and returns it.
 */
export function nextAttempt(
  active: ActiveCall,
  attempt: GatewayAttempt,
  outcome: AttemptOutcome,
  retriable: boolean,
): GatewayAttempt | undefined {
  active.call.attempted?.(attempt, outcome);
  active.log.push(`${attempt.provider ?? "router"}=${outcome.status ?? outcome.error ?? "error"}`);
  const next = active.index + 1;
  if (!retriable || next >= active.call.attempts.length || performance.now() >= active.call.deadline) {
    return undefined;
  }
  active.index = next;
  return active.call.attempts[next];
}
