import type { ChatCompletionInput, ChatCompletionOutput } from "@hubkit/tasks";
import { runChatTask } from "../../lib/request.js";
import { conversationalHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

/** Chat with a model (OpenAI-compatible messages, tools, response formats). */
export async function chatCompletion(
  args: BaseArgs & ChatCompletionInput,
  options?: Options,
): Promise<ChatCompletionOutput> {
  return runChatTask(conversationalHelpers, args, options);
}
