// Library snippets: agents, reinforcement learning and robotics. One generator per library, keyed by
// library id; index.ts lists the families.
import {
  hasTag,
  hfDownload,
  hubProject,
  nameWithoutNamespace,
  py,
  repoName,
  researchRepo,
  sh,
  type LibrarySnippet,
} from "./helpers.js";

const LEROBOT_POLICIES: { tag: string; module: string; cls: string }[] = [
  { tag: "smolvla", module: "smolvla.modeling_smolvla", cls: "SmolVLAPolicy" },
  { tag: "pi0", module: "pi0.modeling_pi0", cls: "PI0Policy" },
  { tag: "act", module: "act.modeling_act", cls: "ACTPolicy" },
  { tag: "diffusion", module: "diffusion.modeling_diffusion", cls: "DiffusionPolicy" },
  { tag: "tdmpc", module: "tdmpc.modeling_tdmpc", cls: "TDMPCPolicy" },
  { tag: "vqbet", module: "vqbet.modeling_vqbet", cls: "VQBeTPolicy" },
];

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const AGENTS_SNIPPETS: Record<string, LibrarySnippet> = {
  // HorizonRobotics/RoboOrchardLab projects/holobrain README ("Model Inference"): an exported HoloBrain
  // directory loads as an inference pipeline that maps one multi-arm observation to actions.
  "robo-orchard-lab": (model) => {
    const install = `git clone https://github.com/HorizonRobotics/RoboOrchardLab.git
cd RoboOrchardLab
make version`;
    if (!repoName(model).includes("holobrain")) {
      return [
        `# Each RoboOrchardLab project documents its own entry points under projects/<name>/README.md
${install}
pip install .

${hfDownload(model.id, nameWithoutNamespace(model.id))}`,
      ];
    }
    return [
      `${install}
pip install ".[holobrain_0]"`,
      `from huggingface_hub import snapshot_download
from robo_orchard_lab.models.holobrain.pipeline import HoloBrainInferencePipeline
from robo_orchard_lab.models.holobrain.processor import (
    MultiArmManipulationInput,
    MultiArmManipulationOutput,
)

model_dir = snapshot_download(${py(model.id)})
pipeline = HoloBrainInferencePipeline.load_pipeline(
    directory=model_dir, device="cuda", load_weights=True, load_impl="native"
)
pipeline.model.eval()


def act(observation: MultiArmManipulationInput) -> MultiArmManipulationOutput:
    """Camera images, camera parameters, joint states and the instruction in; arm actions out."""
    return pipeline(observation)`,
    ];
  },
  lerobot: (model) => {
    const policy = LEROBOT_POLICIES.find(({ tag }) => hasTag(model, tag));
    const install = `# See https://github.com/huggingface/lerobot#installation for hardware-specific extras
pip install ${sh(`lerobot${policy?.tag === "smolvla" || policy?.tag === "pi0" ? `[${policy.tag}]` : ""}`)}`;
    const finetune = `# Fine-tune the policy on your own dataset
lerobot-train \\
  --policy.path=${sh(model.id)} \\
  --dataset.repo_id=${sh("<hf_user>/<dataset>")} \\
  --batch_size=64 \\
  --steps=20000 \\
  --output_dir=outputs/train/finetuned_policy \\
  --policy.device=cuda`;
    if (!policy) {
      return [
        install,
        `# ⚠️ Type of model unknown: the policy type is not tagged, so only the generic CLI is shown.\n${finetune}`,
      ];
    }
    return [
      install,
      `import torch
from lerobot.policies.${policy.module} import ${policy.cls}

policy = ${policy.cls}.from_pretrained(${py(model.id)})
policy.eval()

# observation: a dict of tensors keyed like the training dataset's features
# ("observation.state", "observation.images.<camera>", "task" for language-conditioned policies)
# action = policy.select_action(observation)`,
      finetune,
    ];
  },
  holomotion: researchRepo(
    "https://github.com/HorizonRobotics/HoloMotion.git",
    "checkpoints",
    "ls checkpoints",
    "HoloMotion policies (ONNX) are deployed with the repository's tools.",
  ),
  "cloud-agents": hubProject(
    "pip install -e .",
    "The project is a Python package in the model repository: clone it and install it.",
  ),
  "ml-agents": (model) => [
    `# Download the trained agent (ONNX policy and config) with the ml-agents CLI
mlagents-load-from-hf --repo-id=${sh(model.id)} --local-dir=./downloads`,
  ],
  // GengzeZhou/SAME README ("Testing"): the agent is evaluated on pre-computed features, no simulator.
  same: (model) => [
    `git clone https://github.com/GengzeZhou/SAME.git
cd SAME
pip install -r requirements.txt

# Navigation datasets, CLIP features and connectivity graphs (the ZGZzz/VersNav dataset) into data/
python download.py --data
# Pretrained (pretrain/) and trained (ckpt/) checkpoints
${hfDownload(model.id, "data")}

# Evaluate the trained agent on the validation splits of the seven navigation tasks
cd src
python run.py --config_dir configs/test.yaml --options experiment.resume_file=../data/ckpt/SAME.pt`,
  ],
  "sample-factory": (model) => [
    `# Download the trained agent into ./train_dir
python -m sample_factory.huggingface.load_from_hub -r ${sh(model.id)} -d ./train_dir`,
  ],
  "stable-baselines3": (model) => {
    // Repos are named "<algo>-<env>" by convention, with the checkpoint as "<algo>-<env>.zip".
    const name = nameWithoutNamespace(model.id);
    const algo = name.split("-")[0].toUpperCase();
    const knownAlgos = ["A2C", "DDPG", "DQN", "PPO", "SAC", "TD3"];
    const algoClass = knownAlgos.includes(algo) ? algo : "PPO";
    return [
      `from huggingface_sb3 import load_from_hub
from stable_baselines3 import ${algoClass}
${
  knownAlgos.includes(algo)
    ? ""
    : `
# use the algorithm the agent was trained with (see the model card)`
}
checkpoint = load_from_hub(repo_id=${py(model.id)}, filename=${py(`${name}.zip`)})
model = ${algoClass}.load(checkpoint)`,
    ];
  },
};
