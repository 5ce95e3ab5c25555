// Reads a secret from the terminal without echoing it (raw mode), or one line from a pipe.
import { createInterface } from "node:readline";

export async function readSecret(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line.trim();
    }
    return "";
  }
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let secret = "";
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(secret.trim());
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("login cancelled"));
        if (char === "\u007f" || char === "\b") secret = secret.slice(0, -1);
        else if (char >= " ") secret += char;
      }
    };
    input.on("data", onData);
  });
}
