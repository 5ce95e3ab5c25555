// Terminal output: colours only on a terminal and never with NO_COLOR, sizes and tables, JSON.

/** Whether a stream is a terminal that should get colours (NO_COLOR set to anything turns them off). */
export function wantsColour(stream: NodeJS.WriteStream, env = process.env): boolean {
  return Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== "dumb";
}

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};
export type Style = keyof typeof ANSI;

export function styler(stream: NodeJS.WriteStream = process.stdout): (style: Style, text: string) => string {
  const on = wantsColour(stream);
  return (style, text) => (on ? `\u001b[${ANSI[style][0]}m${text}\u001b[${ANSI[style][1]}m` : text);
}

export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A plain-text table: columns padded to their widest cell (the last column is not padded). */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}
