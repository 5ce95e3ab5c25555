/** Where the client's warnings and debug lines go. Any subset of console's methods will do. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** 4.x's logger has it too; hubkit logs through the four levels above. */
  log?(message: string, ...args: unknown[]): void;
}

let current: Logger = console;

/** Sends the client's log lines to `logger` (default: console) for the whole process. */
export function setLogger(logger: Logger): void {
  current = logger;
}

export function getLogger(override?: Logger): Logger {
  return override ?? current;
}
