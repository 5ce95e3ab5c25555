// A circuit breaker per provider: after `failures` failures in a row (no answer, 5xx, 429) the
// provider is held out for `openMs`; then calls go to it again (half open), and the first outcome
// decides: a success closes the circuit, a failure holds it out again. Per hub server, in memory.
export interface BreakerOptions {
  /** failures in a row that open the circuit (default 3) */
  failures?: number;
  /** how long an open circuit holds the provider out, in ms (default 30 000) */
  openMs?: number;
  now?: () => number;
}

interface Circuit {
  failures: number;
  /** held out until this time; 0 when closed */
  openUntil: number;
}

export type CircuitState = "closed" | "open" | "half-open";

export class CircuitBreaker {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly now: () => number;

  constructor(options: BreakerOptions = {}) {
    this.threshold = options.failures ?? 3;
    this.openMs = options.openMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  state(provider: string): CircuitState {
    const circuit = this.circuits.get(provider);
    if (!circuit || circuit.openUntil === 0) return "closed";
    return this.now() < circuit.openUntil ? "open" : "half-open";
  }

  /** Milliseconds until an open provider may be tried again (0 when it may now). */
  heldOutFor(provider: string): number {
    const circuit = this.circuits.get(provider);
    return circuit ? Math.max(0, circuit.openUntil - this.now()) : 0;
  }

  allows(provider: string): boolean {
    return this.state(provider) !== "open";
  }

  success(provider: string): void {
    if (this.circuits.has(provider)) this.circuits.delete(provider);
  }

  failure(provider: string): void {
    let circuit = this.circuits.get(provider);
    if (!circuit) this.circuits.set(provider, (circuit = { failures: 0, openUntil: 0 }));
    circuit.failures++;
    // Half open (the hold has passed) and failing again, or the threshold reached: hold it out.
    if (circuit.openUntil !== 0 || circuit.failures >= this.threshold)
      circuit.openUntil = this.now() + this.openMs;
  }
}
