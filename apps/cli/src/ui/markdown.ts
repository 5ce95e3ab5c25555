// Markdown for the terminal, as a reply streams: each piece is shown as it arrives, and once a line is
// complete it is redrawn styled (headings, bold, inline code, bullets, fenced code). Off a colour
// terminal the text passes through untouched.

const CSI = "\u001b[";
const bold = (text: string) => `${CSI}1m${text}${CSI}22m`;
const cyan = (text: string) => `${CSI}36m${text}${CSI}39m`;
const dim = (text: string) => `${CSI}2m${text}${CSI}22m`;

/** One complete line, styled; `inCode` says whether it is inside a fenced block. */
export function styleLine(line: string, inCode: boolean): string {
  if (/^\s*```/.test(line)) return dim(line);
  if (inCode) return cyan(line);
  const heading = /^(#{1,6})\s+(.*)$/.exec(line);
  if (heading) return bold(cyan(heading[2]));
  return line
    .replace(/^(\s*)[-*+]\s+/, "$1• ")
    .replace(/\*\*([^*]+)\*\*/g, (_m, text: string) => bold(text))
    .replace(/`([^`]+)`/g, (_m, text: string) => cyan(text));
}

export class MarkdownStream {
  private line = "";
  private inCode = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly styled: boolean,
    private readonly columns: () => number = () => process.stdout.columns || 80,
  ) {}

  push(delta: string): void {
    if (!this.styled) return this.write(delta);
    const parts = delta.split("\n");
    for (let i = 0; i < parts.length; i++) {
      if (parts[i]) {
        this.write(parts[i]);
        this.line += parts[i];
      }
      if (i < parts.length - 1) this.finishLine(true);
    }
  }

  /** Ends the reply: the last line is styled too. */
  end(): void {
    if (this.styled && this.line) this.finishLine(false);
    this.inCode = false;
  }

  private finishLine(newline: boolean): void {
    const raw = this.line;
    this.line = "";
    const fence = /^\s*```/.test(raw);
    const styled = styleLine(raw, this.inCode && !fence);
    if (fence) this.inCode = !this.inCode;
    if (styled !== raw) {
      // Back to where the raw line began (it may have wrapped), clear, and draw it styled.
      const rows = Math.max(1, Math.ceil(raw.length / this.columns()));
      this.write(`${rows > 1 ? `${CSI}${rows - 1}A` : ""}\r${CSI}J${styled}`);
    }
    if (newline) this.write("\n");
  }
}
