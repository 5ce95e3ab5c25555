/** Waits `ms`, rejecting with the signal's reason as soon as it aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // Runs once: at the deadline, or on abort (at once if already aborted).
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", settle);
      if (signal?.aborted) reject(signal.reason);
      else resolve();
    };
    const timer = setTimeout(settle, ms);
    if (signal?.aborted) settle();
    else signal?.addEventListener("abort", settle);
  });
}
