// Library snippets: runtimes: engines that run models on a given device or server (llama.cpp bindings, MLX,
// LiteRT, TensorRT, NPUs, kernels). One generator per library, keyed by library id; index.ts lists the
// families.
import {
  COCO_IMAGE_URL,
  GENERATION_PROMPT,
  hasTag,
  hfDownload,
  js,
  type LibrarySnippet,
  nameWithoutNamespace,
  pipelineCall,
  py,
  pyChatMessages,
  pythonMessagesFor,
  sh,
  shDownload,
} from "./helpers.js";

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const RUNTIMES_SNIPPETS: Record<string, LibrarySnippet> = {
  /** Unity Sentis runs ONNX/.sentis models inside Unity: the snippet is C#. */
  "unity-sentis": (model) => [
    `// Copy the .sentis file from ${js(model.id)} into Assets/StreamingAssets
string modelName = "model.sentis";
Model model = ModelLoader.Load(Application.streamingAssetsPath + "/" + modelName);
IWorker engine = WorkerFactory.CreateWorker(BackendType.GPUCompute, model);
// see the C# files in the repository for input preparation and output decoding`,
  ],
  // mozilla-ai/encoderfile README ("Usage Modes"): the binary runs one-off inference with `infer`, or
  // serves HTTP/gRPC with `serve` (POST /predict on port 8080).
  encoderfile: (model) => [
    `# An encoderfile is a self-contained executable: download it, make it executable, run it.
${hfDownload(model.id, nameWithoutNamespace(model.id), ["*.encoderfile"])}
cd ${sh(nameWithoutNamespace(model.id))}
chmod +x ./*.encoderfile
binary=$(ls ./*.encoderfile | head -n 1)

# One-off inference on a few texts (JSON on stdout)
"$binary" infer "This is the cutest cat ever!" "Boring video, waste of time"`,
    `# Or serve it: HTTP on port 8080 (gRPC on 50051), then POST texts to /predict
cd ${sh(nameWithoutNamespace(model.id))}
"$(ls ./*.encoderfile | head -n 1)" serve --http-port 8080 &
sleep 2
curl -X POST http://localhost:8080/predict \\
  -H "Content-Type: application/json" \\
  -d '{"inputs": ["This is the cutest cat ever!", "Boring video, waste of time"]}'`,
  ],
  // ANEForge README: loads a causal LM straight onto the Apple Neural Engine (prefill and a KV cache kept on
  // the ANE), no Core ML conversion; the tokenizer comes from transformers.
  aneforge: (model) => [
    `# pip install aneforge   (Apple Silicon)
import aneforge
from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${py(model.id)})
llm = aneforge.load_llm(${py(model.id)})

prompt_ids = tokenizer.encode("Apple Silicon chips include")
output_ids = llm.generate(prompt_ids, max_new_tokens=32)
print(tokenizer.decode(output_ids))`,
  ],
  "llama-cpp-python": (model) => {
    const load = `# pip install llama-cpp-python
from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${py(model.id)},
    filename="{{GGUF_FILE}}",
)`;
    if (hasTag(model, "conversational")) {
      return [
        load,
        `response = llm.create_chat_completion(
    messages=${pythonMessagesFor(model).replace(/\n/g, "\n    ")}
)
print(response["choices"][0]["message"]["content"])`,
      ];
    }
    return [
      load,
      `output = llm(
    "Once upon a time,",
    max_tokens=512,
    echo=True,
)
print(output["choices"][0]["text"])`,
    ];
  },
  litert: (model) => [
    `import glob

import numpy as np
from ai_edge_litert.interpreter import Interpreter
from huggingface_hub import snapshot_download

model_dir = snapshot_download(${py(model.id)}, allow_patterns=["*.tflite"])
interpreter = Interpreter(model_path=sorted(glob.glob(f"{model_dir}/**/*.tflite", recursive=True))[0])
interpreter.allocate_tensors()

input_details = interpreter.get_input_details()[0]
output_details = interpreter.get_output_details()[0]
interpreter.set_tensor(input_details["index"], np.zeros(input_details["shape"], dtype=input_details["dtype"]))
interpreter.invoke()
print(interpreter.get_tensor(output_details["index"]).shape)`,
  ],
  tensorrt: (model) => [
    `# Build an engine for this GPU from the repository's ONNX model (engines are tied to one GPU and TensorRT version)
${shDownload(model.id, "trt-model")}
trtexec --onnx="$(ls trt-model/*.onnx | head -n 1)" --saveEngine=model.engine`,
    `import tensorrt as trt

logger = trt.Logger(trt.Logger.WARNING)
with open("model.engine", "rb") as f, trt.Runtime(logger) as runtime:
    engine = runtime.deserialize_cuda_engine(f.read())

context = engine.create_execution_context()
for i in range(engine.num_io_tensors):
    name = engine.get_tensor_name(i)
    print(name, engine.get_tensor_mode(name), engine.get_tensor_shape(name))`,
  ],
  // Neroued/ninfer README: a C++/CUDA engine for an RTX 5090 (sm_120a) that runs its own .ninfer artifacts.
  ninfer: (model) => [
    `git clone https://github.com/Neroued/ninfer.git
cd ninfer
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel

${hfDownload(model.id, "models", ["*.ninfer"])}
artifact=$(ls models/*.ninfer | head -n 1)

# Answer on stdout; timing and memory on stderr. ./build/apps/ninfer-serve serves an OpenAI-style API
./build/apps/ninfer "$artifact" \\
  --prompt "Explain prefill and decode in three sentences." \\
  --max-context 16384 --max-new 256`,
  ],
  "gemma.cpp": (model) => [
    `# Build gemma.cpp from source (CMake and a C++17 compiler are needed)
git clone https://github.com/google/gemma.cpp
cd gemma.cpp
cmake -B build && cmake --build build -j 4 --target gemma

# Download the weights (.sbs) and the tokenizer
${hfDownload(model.id, nameWithoutNamespace(model.id))}

# Start an interactive session; pass --tokenizer too if the weights file does not embed it
./build/gemma --weights ${sh(nameWithoutNamespace(model.id))}/*.sbs`,
  ],
  // cortiq (infosave2007/cmf): a single Rust binary that runs models stored as .cmf files, from the
  // command line or as an OpenAI-compatible server.
  cortiq: (model) => [
    `# one binary, no other dependencies (prebuilt ones: https://github.com/infosave2007/cmf/releases)
cargo install cortiq-cli
${hfDownload(model.id, "cmf-model", ["*.cmf"])}
ls cmf-model/*.cmf  # a repository may hold several quantizations`,
    `CMF_FILE=$(ls cmf-model/*.cmf | head -n 1)
cortiq run "$CMF_FILE" --prompt "Name three uses of a lighthouse."

# or serve it with an OpenAI-compatible API on port 8080
cortiq serve "$CMF_FILE" --port 8080`,
  ],
  // memra README: prebuilt Linux x86_64 binaries for NVIDIA Blackwell cards (driver 580 or newer, no CUDA
  // toolkit needed); models are named hf:<repo>[:<file substring>].
  memra: (model) => {
    const ref = sh(`hf:${model.id}`);
    return [
      `# Linux x86_64, NVIDIA Blackwell GPU, driver 580+
curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh`,
      `# one chat generation; with several GGUF files, add :<part of the file name>, e.g. :Q4_K_M
MEMRA_CHAT=1 run-gen ${ref} --prompt "What does a KV cache store?"`,
      `# an OpenAI-compatible server on 127.0.0.1:8080
MEMRA_MODELS=${sh(`model=hf:${model.id}`)} memra-server`,
    ];
  },
  "mlc-llm": (model) => {
    const hfUrl = `HF://${model.id}`;
    return [
      `# Install MLC LLM: https://llm.mlc.ai/docs/install/mlc_llm.html
mlc_llm chat ${sh(hfUrl)}

# or serve an OpenAI-compatible API on http://127.0.0.1:8000
mlc_llm serve ${sh(hfUrl)}`,
      `from mlc_llm import MLCEngine

model = ${py(hfUrl)}
engine = MLCEngine(model)

for response in engine.chat.completions.create(
    messages=[{"role": "user", "content": "What is the meaning of life?"}],
    model=model,
    stream=True,
):
    for choice in response.choices:
        print(choice.delta.content, end="", flush=True)

engine.terminate()`,
    ];
  },
  /** MLX: mlx-lm for text generation, mlx-vlm for vision-language models, otherwise a download. */
  mlx: (model) => {
    const id = py(model.id);
    if (model.pipeline_tag === "image-text-to-text") {
      return [
        "pip install -U mlx-vlm",
        `from mlx_vlm import generate, load
from mlx_vlm.prompt_utils import apply_chat_template
from mlx_vlm.utils import load_config

model, processor = load(${id})
config = load_config(${id})

images = [${py(COCO_IMAGE_URL)}]
prompt = apply_chat_template(processor, config, "Describe this image.", num_images=len(images))
output = generate(model, processor, prompt, images, verbose=False)
print(output)`,
      ];
    }
    if (model.pipeline_tag === "text-generation" || hasTag(model, "conversational")) {
      const chat = hasTag(model, "conversational");
      const prompt = chat
        ? `messages = [{"role": "user", "content": "Write a haiku about the sea."}]
prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)`
        : `prompt = ${py(GENERATION_PROMPT)}`;
      return [
        "pip install -U mlx-lm",
        `from mlx_lm import generate, load

model, tokenizer = load(${id})
${prompt}

text = generate(model, tokenizer, prompt=prompt, max_tokens=256, verbose=True)`,
      ];
    }
    return [
      `# The task is not one mlx-lm or mlx-vlm handle: download the MLX weights
${shDownload(model.id, nameWithoutNamespace(model.id))}`,
    ];
  },
  /** Pruna AI publishes compressed (quantized, compiled) versions of diffusers and transformers models. */
  "pruna-ai": (model) => {
    const pro = hasTag(model, "pruna_pro-ai");
    const pkg = pro ? "pruna_pro" : "pruna";
    const cls = pro ? "PrunaProModel" : "PrunaModel";
    const id = py(model.id);
    const load = `model = ${cls}.from_pretrained(${id})`;
    if (hasTag(model, "diffusers") || model.pipeline_tag === "text-to-image") {
      return [
        `pip install ${pkg}`,
        `from ${pkg} import ${cls}

${load}

image = model("A red panda reading a book, watercolor").images[0]
image.save("output.png")`,
      ];
    }
    if (hasTag(model, "transformers") && model.pipeline_tag === "text-generation") {
      return [
        `pip install ${pkg}`,
        `from ${pkg} import ${cls}
from transformers import AutoTokenizer

${load}
tokenizer = AutoTokenizer.from_pretrained(${id})

inputs = tokenizer("The best way to learn a language is", return_tensors="pt").to(model.device)
outputs = model.generate(**inputs, max_new_tokens=40)
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`,
      ];
    }
    return [`pip install ${pkg}`, `from ${pkg} import ${cls}\n\n${load}`];
  },
  "litert-lm": (model) => [
    `pip install --upgrade litert-lm

# Download the .litertlm bundle and chat with it
litert-lm run \\
  --from-huggingface-repo=${sh(model.id)} \\
  ${sh(`${nameWithoutNamespace(model.id).replace(/-litert-lm$/i, "")}.litertlm`)} \\
  --prompt="What is the capital of France?"`,
  ],
  kernels: (model) => [
    `# pip install kernels
import torch
from kernels import get_kernel

# Downloads the build that matches your Torch and CUDA versions
kernel = get_kernel(${py(model.id)})
print([name for name in dir(kernel) if not name.startswith("_")])`,
  ],
  /** Mobilint's model zoo mirrors transformers' classes for models compiled for its NPUs. */
  mobilint: (model) => {
    const id = py(model.id);
    const install =
      '# Needs a Mobilint NPU and its runtime (MACCEL)\npip install "mblt-model-zoo[transformers]"';
    if (model.pipeline_tag === "text-generation" || hasTag(model, "conversational")) {
      return [
        install,
        `from mblt_model_zoo.transformers import pipeline

pipe = pipeline("text-generation", model=${id})
${pyChatMessages({ ...model, pipeline_tag: "text-generation", tags: [] })}
outputs = pipe(messages, max_new_tokens=256)
print(outputs[0]["generated_text"][-1]["content"])`,
      ];
    }
    if (model.pipeline_tag) {
      return [
        install,
        `from mblt_model_zoo.transformers import pipeline

pipe = pipeline(${py(model.pipeline_tag)}, model=${id})
${pipelineCall({ ...model, tags: model.tags.filter((t) => t !== "conversational") }).join("\n")}`,
      ];
    }
    return [
      install,
      `from mblt_model_zoo.transformers import AutoModel

model = AutoModel.from_pretrained(${id})`,
    ];
  },
};
