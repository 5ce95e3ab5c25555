import type { ChatCompletionInput, ChatCompletionStreamOutput } from "@hubkit/tasks";
import { runStreamingTask } from "../../lib/request.js";
import { conversationalHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

/** Chat with a model, receiving the answer chunk by chunk as it is generated. */
export function chatCompletionStream(
  args: BaseArgs & ChatCompletionInput,
  options?: Options,
): AsyncGenerator<ChatCompletionStreamOutput> {
  return runStreamingTask<ChatCompletionStreamOutput>(conversationalHelpers, args, {
    ...options,
    task: "conversational",
  });
}
