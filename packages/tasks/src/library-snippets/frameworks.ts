// Library snippets: general deep-learning frameworks whose saved models the hub stores as such (Keras,
// fastai, MindSpore, Pythae, pxia). One generator per library, keyed by library id; index.ts lists the
// families.
import { py, pyFindRepoFile, type LibrarySnippet } from "./helpers.js";

const KERAS_HUB_EXAMPLES: Record<string, (preset: string) => string> = {
  CausalLM: (preset) => `import keras_hub

# Load the CausalLM in half precision for inference
causal_lm = keras_hub.models.CausalLM.from_preset(${preset}, dtype="bfloat16")
causal_lm.compile(sampler="greedy")

print(causal_lm.generate("Keras: deep learning for", max_length=64))`,
  TextToImage: (preset) => `import keras_hub

text_to_image = keras_hub.models.TextToImage.from_preset(${preset}, dtype="bfloat16")
image = text_to_image.generate("Astronaut in a jungle")`,
  TextClassifier: (preset) => `import keras_hub

text_classifier = keras_hub.models.TextClassifier.from_preset(${preset}, num_classes=2)
# Fine-tune on labelled examples, then classify
text_classifier.fit(x=["Thrilling adventure!", "Total snoozefest."], y=[1, 0])
print(text_classifier.predict(["Not my cup of tea."]))`,
  ImageClassifier: (preset) => `import keras
import keras_hub

image_classifier = keras_hub.models.ImageClassifier.from_preset(${preset}, num_classes=2)
# Fine-tune on labelled images, then classify
image_classifier.fit(
    x=keras.random.randint((32, 64, 64, 3), 0, 256),
    y=keras.random.randint((32, 1), 0, 2),
)
print(image_classifier.predict(keras.random.randint((1, 64, 64, 3), 0, 256)))`,
};

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const FRAMEWORKS_SNIPPETS: Record<string, LibrarySnippet> = {
  "keras-hub": (model) => {
    const preset = py(`hf://${model.id}`);
    const tasks = (model.config?.keras_hub?.tasks ?? []).filter((task) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(task),
    );
    const blocks: string[] = [];
    for (const [task, example] of Object.entries(KERAS_HUB_EXAMPLES)) {
      if (tasks.includes(task)) {
        blocks.push(example(preset));
      }
    }
    for (const task of tasks) {
      if (!(task in KERAS_HUB_EXAMPLES)) {
        blocks.push(`import keras_hub

# Create a ${task} model
task = keras_hub.models.${task}.from_preset(${preset})`);
      }
    }
    blocks.push(`import keras_hub

# The backbone alone, without a task head
backbone = keras_hub.models.Backbone.from_preset(${preset})`);
    return blocks;
  },
  pxia: (model) => [
    `from pxia import AutoModel

model = AutoModel.from_pretrained(${py(model.id)})`,
  ],
  keras: (model) => [
    `# Available backends: "jax", "torch", "tensorflow"
import os
os.environ["KERAS_BACKEND"] = "jax"

import keras

model = keras.saving.load_model(${py(`hf://${model.id}`)})
model.summary()`,
  ],
  fastai: (model) => [
    `from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${py(model.id)})

# The learner keeps its data pipeline: predict takes a raw input (an image path, a text, a row)
prediction = learn.predict("image.jpg")
print(prediction)`,
  ],
  mindspore: (model) => [
    `import mindspore
${pyFindRepoFile(model.id, [".ckpt"])}

parameters = mindspore.load_checkpoint(checkpoint)
# build the network these weights belong to (see the model card), then:
# mindspore.load_param_into_net(network, parameters)
print(list(parameters)[:5])`,
  ],
  "tf-keras": (model) => [
    `# Legacy Keras 2 model: needs tf-keras (or keras<3) installed
from huggingface_hub import from_pretrained_keras

model = from_pretrained_keras(${py(model.id)})
model.summary()`,
  ],
  pythae: (model) => [
    `from pythae.models import AutoModel

model = AutoModel.load_from_hf_hub(${py(model.id)})
# draw new samples, e.g. with a normal sampler: see pythae.samplers`,
  ],
};
