// `hubkit chat MODEL[:policy]`: a conversation in the terminal. Replies stream as they come; Ctrl-C
// stops a reply (what arrived is kept) and leaves the chat only from an empty prompt, twice; a line
// ending in "\" or a block between two lines of """ is one multi-line message; /save, /clear, /model,
// /help and /exit are commands.
import type { Command } from "commander";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { MarkdownStream } from "../ui/markdown.js";
import { styler, wantsColour } from "../ui/output.js";
import { inferenceClient, splitModel } from "./client.js";

type Message = { role: "system" | "user" | "assistant"; content: string } & Record<string, unknown>;

const HELP = `Commands: /save [FILE] writes the conversation as JSON; /clear starts over; /model NAME[:policy]
switches model; /exit (or Ctrl-D) leaves. End a line with \\ to go on, or put a message between """ lines.
Ctrl-C stops a reply.`;

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
      let { model, provider } = splitModel(spec);
      const start = (): Message[] => (values.system ? [{ role: "system", content: values.system }] : []);
      let messages = start();
      const rl = createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: Boolean(process.stdin.isTTY),
      });
      // Piped in, only the replies are printed: no banner, no prompts.
      const interactive = Boolean(process.stdin.isTTY);
      const prompt = () => {
        if (interactive) rl.prompt();
      };
      let replying: AbortController | undefined;
      let lastInterrupt = 0;
      const interrupt = () => {
        if (replying) return replying.abort();
        // Twice within 2 s at the prompt leaves; once only says how.
        if (Date.now() - lastInterrupt < 2000) return rl.close();
        lastInterrupt = Date.now();
        process.stdout.write(`\n${paint("dim", "(Ctrl-C again or /exit to leave)")}\n`);
        prompt();
      };
      rl.on("SIGINT", interrupt);
      if (!process.stdin.isTTY) process.on("SIGINT", interrupt);
      const setPrompt = () =>
        rl.setPrompt(paint("bold", `${model}${provider === "auto" ? "" : `:${provider}`} › `));
      if (interactive)
        process.stdout.write(
          `${paint("dim", `Chatting with ${model} (${provider}). /help for commands.`)}\n`,
        );
      setPrompt();
      prompt();

      let pending: string[] | undefined;
      let block = false;
      for await (const line of rl) {
        if (block || line.trim() === '"""') {
          if (line.trim() === '"""') {
            block = !block;
            if (block) {
              pending = [];
              continue;
            }
          } else {
            pending!.push(line);
            continue;
          }
        } else if (line.endsWith("\\")) {
          (pending ??= []).push(line.slice(0, -1));
          continue;
        } else {
          (pending ??= []).push(line);
        }
        const text = (pending ?? []).join("\n");
        pending = undefined;
        const command = /^\/(\w+)\s*(.*)$/.exec(text.trim());
        if (command) {
          const [, name, arg] = command;
          if (name === "exit" || name === "quit") break;
          if (name === "help") process.stdout.write(`${HELP}\n`);
          else if (name === "clear") {
            messages = start();
            process.stdout.write(`${paint("dim", "(conversation cleared)")}\n`);
          } else if (name === "save") {
            const file = path.resolve(arg || `chat-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
            writeFileSync(file, `${JSON.stringify({ model, provider, messages }, null, 2)}\n`);
            process.stdout.write(`${paint("dim", `saved to ${file}`)}\n`);
          } else if (name === "model") {
            if (!arg) process.stdout.write(`${model}:${provider}\n`);
            else {
              ({ model, provider } = splitModel(arg));
              setPrompt();
              process.stdout.write(`${paint("dim", `now chatting with ${model} (${provider})`)}\n`);
            }
          } else process.stdout.write(`unknown command /${name}: /help lists them\n`);
          prompt();
          continue;
        }
        if (!text.trim()) {
          prompt();
          continue;
        }
        messages.push({ role: "user", content: text });
        replying = new AbortController();
        let reply = "";
        const shown = new MarkdownStream((text) => process.stdout.write(text), wantsColour(process.stdout));
        try {
          for await (const chunk of client.chatCompletionStream(
            {
              model,
              provider: provider as never,
              messages,
              ...(values.maxTokens ? { max_tokens: values.maxTokens } : {}),
            },
            { signal: replying.signal },
          )) {
            const delta = chunk.choices[0]?.delta?.content ?? "";
            reply += delta;
            shown.push(delta);
          }
          shown.end();
          process.stdout.write("\n");
        } catch (error) {
          shown.end();
          if (replying.signal.aborted) process.stdout.write(`\n${paint("yellow", "[stopped]")}\n`);
          else
            process.stdout.write(`\n${paint("red", `error: ${(error as Error).message.split("\n")[0]}`)}\n`);
        } finally {
          replying = undefined;
        }
        if (reply) messages.push({ role: "assistant", content: reply });
        else messages.pop();
        prompt();
      }
      rl.close();
      process.off("SIGINT", interrupt);
    });
}
