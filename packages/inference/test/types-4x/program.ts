// A program written against @huggingface/inference 4.13.30's published .d.ts (and the
// @huggingface/tasks 0.21.54 types it uses). types-4x.test.ts compiles it as it is, against the
// reference, and with the import swapped to @hubkit/inference: both must compile. Every exported
// task function is called with every option of its input type (parameters included), plus
// structured output, tools, streams, the helper objects and the request builders.
// eslint-disable-next-line no-restricted-imports -- only compiled (types-4x.test.ts swaps this import), never run
import {
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  audioClassification,
  audioToAudio,
  automaticSpeechRecognition,
  chatCompletion,
  chatCompletionStream,
  documentQuestionAnswering,
  featureExtraction,
  fillMask,
  getProviderHelper,
  imageClassification,
  imageSegmentation,
  imageTextToImage,
  imageTextToVideo,
  imageToImage,
  imageToText,
  imageToVideo,
  makeRequestOptions,
  makeRequestOptionsFromResolvedModel,
  objectDetection,
  PROVIDERS,
  questionAnswering,
  request,
  sentenceSimilarity,
  setLogger,
  snippets,
  streamingRequest,
  summarization,
  tableQuestionAnswering,
  tabularClassification,
  tabularRegression,
  textClassification,
  textGeneration,
  textGenerationStream,
  textToAudio,
  textToImage,
  textToSpeech,
  textToVideo,
  tokenClassification,
  translation,
  visualQuestionAnswering,
  zeroShotClassification,
  zeroShotImageClassification,
  type BaseArgs,
  type InferenceProvider,
  type Options,
} from "@huggingface/inference";
// eslint-disable-next-line no-restricted-imports -- as above
import type { ChatCompletionInput, ChatCompletionOutput } from "@huggingface/tasks";

declare const image: Blob;
declare const audio: Blob;
const base: BaseArgs = {
  accessToken: "hf_x",
  model: "org/model",
  provider: "hf-inference",
  endpointUrl: undefined,
};
const options: Options = {
  retry_on_error: false,
  fetch: (input, init) => fetch(input, init),
  signal: new AbortController().signal,
  includeCredentials: "include",
  billTo: "my-org",
};

export async function everyTask(): Promise<void> {
  const client = new InferenceClient("hf_x", { billTo: "my-org" });
  const endpoint = client.endpoint("https://example.com/endpoint");
  await endpoint.textGeneration({ inputs: "x" });

  await audioClassification(
    { ...base, inputs: audio, parameters: { function_to_apply: "softmax", top_k: 2 } },
    options,
  );
  await audioToAudio({ ...base, inputs: audio }, options);
  const asr = await automaticSpeechRecognition(
    {
      ...base,
      inputs: audio,
      parameters: {
        return_timestamps: true,
        generation_parameters: {
          do_sample: true,
          early_stopping: "never",
          epsilon_cutoff: 0.1,
          eta_cutoff: 0.1,
          max_length: 10,
          max_new_tokens: 10,
          min_length: 1,
          min_new_tokens: 1,
          num_beam_groups: 1,
          num_beams: 1,
          penalty_alpha: 0.5,
          temperature: 0.5,
          top_k: 5,
          top_p: 0.9,
          typical_p: 0.9,
          use_cache: true,
        },
      },
    },
    options,
  );
  const _text: string = asr.text;
  await textToAudio(
    { ...base, inputs: "rain", parameters: { generation_parameters: { temperature: 0.5 } } },
    options,
  );
  const speech: Blob = await textToSpeech(
    { ...base, inputs: "hello", parameters: { generation_parameters: { max_new_tokens: 20 } } },
    options,
  );
  void speech;

  await imageClassification(
    { ...base, inputs: image, parameters: { function_to_apply: "sigmoid", top_k: 1 } },
    options,
  );
  const masks = await imageSegmentation(
    {
      ...base,
      inputs: image,
      parameters: {
        mask_threshold: 0.5,
        overlap_mask_area_threshold: 0.5,
        subtask: "panoptic",
        threshold: 0.9,
      },
    },
    options,
  );
  const _mask: string = masks[0].mask;
  const target_size = { height: 64, width: 64 };
  await imageTextToImage(
    {
      ...base,
      inputs: image,
      parameters: {
        guidance_scale: 5,
        negative_prompt: "x",
        num_inference_steps: 4,
        prompt: "hat",
        seed: 1,
        target_size,
      },
    },
    options,
  );
  await imageTextToVideo(
    {
      ...base,
      inputs: image,
      parameters: {
        guidance_scale: 5,
        negative_prompt: "x",
        num_frames: 16,
        num_inference_steps: 4,
        prompt: "pan",
        seed: 1,
        target_size,
      },
    },
    options,
  );
  await imageToImage(
    {
      ...base,
      inputs: image,
      parameters: {
        guidance_scale: 5,
        negative_prompt: "x",
        num_inference_steps: 4,
        prompt: "blue",
        target_size,
      },
    },
    options,
  );
  const caption = await imageToText({ ...base, inputs: image, parameters: { max_new_tokens: 20 } }, options);
  const _caption: string | undefined = caption.generated_text;
  await imageToVideo(
    {
      ...base,
      inputs: image,
      parameters: {
        guidance_scale: 5,
        negative_prompt: "x",
        num_frames: 16,
        num_inference_steps: 4,
        prompt: "move",
        seed: 1,
        target_size,
      },
    },
    options,
  );
  await objectDetection({ ...base, inputs: image, parameters: { threshold: 0.5 } }, options);
  const picture: Blob = await textToImage(
    {
      ...base,
      inputs: "a fox",
      parameters: {
        guidance_scale: 5,
        negative_prompt: "x",
        num_inference_steps: 4,
        scheduler: "euler",
        seed: 1,
        target_size,
        width: 512,
        height: 512,
      },
    },
    options,
  );
  void picture;
  const url: string = await textToImage({ ...base, inputs: "a fox" }, { ...options, outputType: "url" });
  const json: Record<string, unknown> = await textToImage(
    { ...base, inputs: "a fox" },
    { ...options, outputType: "json" },
  );
  void url;
  void json;
  await textToVideo(
    {
      ...base,
      inputs: "waves",
      parameters: {
        guidance_scale: 5,
        negative_prompt: ["x"],
        num_frames: 16,
        num_inference_steps: 4,
        seed: 1,
      },
    },
    options,
  );
  await zeroShotImageClassification(
    { ...base, inputs: image, parameters: { candidate_labels: ["a", "b"], hypothesis_template: "A {}." } },
    options,
  );
  await documentQuestionAnswering(
    {
      ...base,
      inputs: { image, question: "what?" },
      parameters: {
        doc_stride: 128,
        handle_impossible_answer: false,
        lang: "en",
        max_answer_len: 10,
        max_question_len: 64,
        max_seq_len: 384,
        top_k: 1,
        word_boxes: ["a", [1, 2, 3, 4]],
      },
    },
    options,
  );
  await visualQuestionAnswering(
    { ...base, inputs: { image, question: "what?" }, parameters: { top_k: 2 } },
    options,
  );

  await featureExtraction(
    {
      ...base,
      inputs: "x",
      normalize: true,
      prompt_name: "query",
      truncate: true,
      truncation_direction: "left",
      dimensions: 256,
      encoding_format: "float",
      user: "u",
    },
    options,
  );
  await fillMask(
    { ...base, inputs: "Paris is the [MASK].", parameters: { targets: ["capital"], top_k: 2 } },
    options,
  );
  await questionAnswering(
    {
      ...base,
      inputs: { context: "c", question: "q" },
      parameters: {
        align_to_words: true,
        doc_stride: 128,
        handle_impossible_answer: false,
        max_answer_len: 10,
        max_question_len: 64,
        max_seq_len: 384,
        top_k: 1,
      },
    },
    options,
  );
  await sentenceSimilarity(
    { ...base, inputs: { source_sentence: "a", sentences: ["b"] }, parameters: {} },
    options,
  );
  await summarization(
    {
      ...base,
      inputs: "long text",
      parameters: {
        clean_up_tokenization_spaces: true,
        generate_parameters: { max_new_tokens: 20 },
        truncation: "longest_first",
      },
    },
    options,
  );
  await tableQuestionAnswering(
    {
      ...base,
      inputs: { question: "q", table: { a: ["1"] } },
      parameters: { padding: "do_not_pad", sequential: false, truncation: true },
    },
    options,
  );
  await textClassification(
    { ...base, inputs: "x", parameters: { function_to_apply: "none", top_k: 2 } },
    options,
  );
  await tokenClassification(
    { ...base, inputs: "x", parameters: { aggregation_strategy: "simple", ignore_labels: ["O"], stride: 0 } },
    options,
  );
  await translation(
    {
      ...base,
      inputs: "x",
      parameters: {
        clean_up_tokenization_spaces: true,
        generate_parameters: { max_new_tokens: 20 },
        src_lang: "en",
        tgt_lang: "de",
        truncation: "only_first",
      },
    },
    options,
  );
  await zeroShotClassification(
    {
      ...base,
      inputs: "x",
      parameters: { candidate_labels: ["a", "b"], hypothesis_template: "This is {}.", multi_label: true },
    },
    options,
  );
  await tabularClassification({ ...base, inputs: { data: { a: ["1"] } } }, options);
  await tabularRegression({ ...base, inputs: { data: { a: ["1"] } } }, options);

  const generated = await textGeneration(
    {
      ...base,
      inputs: "Once",
      parameters: {
        adapter_id: "a",
        best_of: 1,
        decoder_input_details: false,
        details: true,
        do_sample: true,
        frequency_penalty: 0.1,
        grammar: { type: "json_schema", value: { type: "object" } },
        max_new_tokens: 8,
        repetition_penalty: 1.1,
        return_full_text: false,
        seed: 1,
        stop: ["END"],
        temperature: 0.5,
        top_k: 5,
        top_n_tokens: 2,
        top_p: 0.9,
        truncate: 100,
        typical_p: 0.9,
        watermark: false,
      },
      stream: false,
    },
    options,
  );
  const _generated: string = generated.generated_text;
  for await (const chunk of textGenerationStream({ ...base, inputs: "Once" }, options)) {
    const _token: string = chunk.token.text;
  }
  await request<unknown>({ ...base, inputs: "x" }, { ...options, task: "text-generation" });
  for await (const event of streamingRequest<unknown>({ ...base, inputs: "x" }, options)) void event;
}

/** Structured output, tools and a tool-call history, as the OpenAI-style chat API takes them. */
export async function chat(): Promise<void> {
  const input: ChatCompletionInput = {
    model: "meta-llama/Llama-3.3-70B-Instruct",
    messages: [
      { role: "system", content: "Answer in JSON." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this picture, and the weather?" },
          { type: "image_url", image_url: { url: "https://example.com/a.png" } },
        ],
      },
      {
        role: "assistant",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "get_weather", description: "weather", parameters: { city: "Paris" } },
          },
        ],
      },
      { role: "tool", content: "sunny", name: "get_weather", tool_call_id: "call_1" },
    ],
    response_format: {
      type: "json_schema",
      json_schema: {
        name: "answer",
        description: "The answer",
        schema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
        strict: true,
      },
    },
    tools: [
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "The weather in a city",
          parameters: { type: "object", properties: { city: { type: "string" } } },
        },
      },
    ],
    tool_choice: { function: { name: "get_weather" } },
    tool_prompt: "Use a tool if it helps.",
    frequency_penalty: 0.1,
    logit_bias: [0],
    logprobs: true,
    top_logprobs: 2,
    max_tokens: 64,
    n: 1,
    presence_penalty: 0.1,
    reasoning_effort: "low",
    seed: 1,
    stop: ["END"],
    temperature: 0.5,
    top_p: 0.9,
    stream_options: { include_usage: true },
  };
  const reply: ChatCompletionOutput = await chatCompletion({
    ...input,
    provider: "together",
    accessToken: "hf_x",
  });
  const call = reply.choices[0].message.tool_calls?.[0];
  if (call) {
    const args: { city?: string } = JSON.parse(call.function.arguments) as { city?: string };
    void args;
  }
  const _content: string | undefined = reply.choices[0].message.content;
  await chatCompletion({ ...input, response_format: { type: "json_object" }, tool_choice: "required" });
  await chatCompletion({ ...input, response_format: { type: "text" }, tool_choice: "none" });
  for await (const chunk of chatCompletionStream({ ...input, provider: "cerebras", store: true })) {
    const delta = chunk.choices[0]?.delta;
    const _piece: string | undefined = delta?.content;
    const _args: string | undefined = delta?.tool_calls?.[0]?.function.arguments;
  }
  const client = new InferenceClient();
  await client.chatCompletion(input);
}

/** The helper objects and request builders of 4.x. */
export async function helpers(): Promise<void> {
  const helper = getProviderHelper("together", "conversational");
  const provider: InferenceProvider = helper.provider;
  const direct: boolean = helper.clientSideRoutingOnly;
  const route: string = helper.makeRoute({ authMethod: "hf-token", model: "m" });
  const baseUrl: string = helper.makeBaseUrl({ authMethod: "hf-token", model: "m" });
  const url: string = helper.makeUrl({ authMethod: "provider-key", model: "m", task: "conversational" });
  const payload: Record<string, unknown> = helper.preparePayload({ args: { messages: [] }, model: "m" });
  const body: BodyInit = helper.makeBody({ args: { messages: [] }, model: "m" });
  const headers: Record<string, string> = helper.prepareHeaders(
    { accessToken: "hf_x", authMethod: "hf-token" },
    false,
  );
  const output: ChatCompletionOutput = await helper.getResponse({}, url, headers);
  void [provider, direct, route, baseUrl, payload, body, output];

  const imageHelper = getProviderHelper("hf-inference", "image-to-image");
  await imageHelper.preparePayloadAsync({ inputs: new Blob([]), model: "m" });
  const picture: Blob = await imageHelper.getResponse(
    new Blob([]),
    undefined,
    undefined,
    undefined,
    new AbortController().signal,
  );
  void picture;
  const t2i = getProviderHelper("fal-ai", "text-to-image");
  const image: string | Blob | Record<string, unknown> = await t2i.getResponse({}, "https://x", {}, "url");
  void image;

  const fromTable = PROVIDERS.together["conversational"];
  if (fromTable) {
    const { url: u, info } = makeRequestOptionsFromResolvedModel(
      "meta-llama/Llama-3.3-70B-Instruct-Turbo",
      fromTable,
      { messages: [], accessToken: "hf_x" },
      undefined,
      { task: "conversational", billTo: "org" },
    );
    void [u, info];
    await makeRequestOptions({ model: "m", messages: [], accessToken: "hf_x" }, fromTable, {
      task: "conversational",
    });
  }
  setLogger({ debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, log: () => {} });
  const written = snippets.getInferenceSnippets(
    { id: "org/model", pipeline_tag: "text-generation", tags: ["conversational"], inference: "" },
    "together",
    { hfModelId: "org/model", provider: "together", providerId: "m", status: "live", task: "conversational" },
    { streaming: true, billTo: "org", accessToken: "hf_x", directRequest: false },
  );
  void written;
  try {
    await chatCompletion({ messages: [] });
  } catch (error) {
    if (error instanceof InferenceClientProviderApiError) void error.httpResponse.status;
    if (error instanceof InferenceClientInputError) void error.message;
  }
}
