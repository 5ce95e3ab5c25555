// `hubkit chat MODEL[:policy]`: a conversation in the terminal. Replies stream as they come; Ctrl-C
// stops a reply (what arrived is kept) and leaves the chat only from an empty prompt, twice; a line
// ending in "\" or a block between two lines of """ is one multi-line message; /save, /clear, /model,
// /help and /exit are commands. Piped in, only the replies are printed.
import type { InferenceClient } from "@hubkit/inference";
import type { Command } from "commander";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import { MarkdownStream } from "../ui/markdown.js";
import { styler, wantsColour } from "../ui/output.js";
import { inferenceClient, splitModel } from "./client.js";

type Message = { role: "system" | "user" | "assistant"; content: string } & Record<string, unknown>;

const HELP = `Commands: /save [FILE] writes the conversation as JSON; /clear starts over; /model NAME[:policy]
switches model; /exit (or Ctrl-D) leaves. End a line with \\ to go on, or put a message between """ lines.
Ctrl-C stops a reply.`;

/** Joins input lines into messages: `\` at the end of a line goes on, `"""` opens and closes a block. */
export class MessageAssembler {
  private pending: string[] | undefined;
  private block = false;

  /** The message this line completes, or undefined while it goes on. */
  add(line: string): string | undefined {
    if (line.trim() === '"""') {
      this.block = !this.block;
      if (this.block) {
        this.pending = [];
        return undefined;
      }
    } else if (this.block) {
      this.pending!.push(line);
      return undefined;
    } else if (line.endsWith("\\")) {
      (this.pending ??= []).push(line.slice(0, -1));
      return undefined;
    } else {
      (this.pending ??= []).push(line);
    }
    const text = (this.pending ?? []).join("\n");
    this.pending = undefined;
    return text;
  }
}

class ChatSession {
  private messages: Message[];
  replying: AbortController | undefined;
  private readonly paint = styler();

  constructor(
    private readonly client: InferenceClient,
    private model: string,
    private provider: string,
    private readonly options: { system?: string; maxTokens?: number },
    private readonly onModel: () => void,
  ) {
    this.messages = this.start();
  }

  private start(): Message[] {
    return this.options.system ? [{ role: "system", content: this.options.system }] : [];
  }

  private say(text: string, style: Parameters<ChatSession["paint"]>[0] = "dim"): void {
    process.stdout.write(`${this.paint(style, text)}\n`);
  }

  get label(): string {
    return `${this.model}${this.provider === "auto" ? "" : `:${this.provider}`}`;
  }

  /** Runs a /command; false for /exit. */
  command(name: string, arg: string): boolean {
    if (name === "exit" || name === "quit") return false;
    if (name === "help") process.stdout.write(`${HELP}\n`);
    else if (name === "clear") {
      this.messages = this.start();
      this.say("(conversation cleared)");
    } else if (name === "save") {
      const file = path.resolve(arg || `chat-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
      const { model, provider, messages } = this;
      writeFileSync(file, `${JSON.stringify({ model, provider, messages }, null, 2)}\n`);
      this.say(`saved to ${file}`);
    } else if (name === "model") {
      if (!arg) process.stdout.write(`${this.model}:${this.provider}\n`);
      else {
        ({ model: this.model, provider: this.provider } = splitModel(arg));
        this.onModel();
        this.say(`now chatting with ${this.model} (${this.provider})`);
      }
    } else process.stdout.write(`unknown command /${name}: /help lists them\n`);
    return true;
  }

  /** Sends a message and streams the reply; an interrupted reply keeps what arrived. */
  async send(text: string): Promise<void> {
    this.messages.push({ role: "user", content: text });
    const controller = (this.replying = new AbortController());
    let reply = "";
    const shown = new MarkdownStream((piece) => process.stdout.write(piece), wantsColour(process.stdout));
    try {
      const { maxTokens } = this.options;
      for await (const chunk of this.client.chatCompletionStream(
        {
          model: this.model,
          provider: this.provider as never,
          messages: this.messages,
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
        },
        { signal: controller.signal },
      )) {
        const delta = chunk.choices[0]?.delta?.content ?? "";
        reply += delta;
        shown.push(delta);
      }
      shown.end();
      process.stdout.write("\n");
    } catch (error) {
      shown.end();
      process.stdout.write("\n");
      if (controller.signal.aborted) this.say("[stopped]", "yellow");
      else this.say(`error: ${(error as Error).message.split("\n")[0]}`, "red");
    } finally {
      this.replying = undefined;
    }
    if (reply) this.messages.push({ role: "assistant", content: reply });
    else this.messages.pop();
  }
}

async function converse(rl: Interface, session: ChatSession, prompt: () => void): Promise<void> {
  const input = new MessageAssembler();
  for await (const line of rl) {
    const text = input.add(line);
    if (text === undefined) continue;
    const command = /^\/(\w+)\s*(.*)$/.exec(text.trim());
    if (command && !session.command(command[1], command[2])) return;
    if (!command && text.trim()) await session.send(text);
    prompt();
  }
}

export function registerChat(program: Command): void {
  program
    .command("chat")
    .description("chat with a model, streamed (MODEL or MODEL:provider/policy, e.g. :fastest)")
    .argument("<model>", "owner/name, optionally :provider or :policy")
    .option("--system <text>", "a system message")
    .option("--max-tokens <n>", "longest reply, in tokens", (v) => Number.parseInt(v, 10))
    .action(async (spec: string, values: { system?: string; maxTokens?: number }) => {
      const client = await inferenceClient();
      const paint = styler();
      const interactive = Boolean(process.stdin.isTTY);
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: interactive });
      const prompt = () => {
        if (interactive) rl.prompt();
      };
      const { model, provider } = splitModel(spec);
      const session: ChatSession = new ChatSession(client, model, provider, values, () =>
        rl.setPrompt(paint("bold", `${session.label} › `)),
      );
      rl.setPrompt(paint("bold", `${session.label} › `));
      let lastInterrupt = 0;
      const interrupt = () => {
        if (session.replying) return session.replying.abort();
        // Twice within 2 s at the prompt leaves; once only says how.
        if (Date.now() - lastInterrupt < 2000) return rl.close();
        lastInterrupt = Date.now();
        process.stdout.write(`\n${paint("dim", "(Ctrl-C again or /exit to leave)")}\n`);
        prompt();
      };
      rl.on("SIGINT", interrupt);
      if (!interactive) process.on("SIGINT", interrupt);
      if (interactive)
        process.stdout.write(
          `${paint("dim", `Chatting with ${model} (${provider}). /help for commands.`)}\n`,
        );
      prompt();
      try {
        await converse(rl, session, prompt);
      } finally {
        rl.close();
        process.off("SIGINT", interrupt);
      }
    });
}
