// The errors a command ends with: a usage error exits 2, anything else the command reports exits 1.

/** A bad argument or option: reported on one line, exit code 2. */
export class UsageError extends Error {}

/** A failure the user can act on (a refused request, a missing file): one line, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
