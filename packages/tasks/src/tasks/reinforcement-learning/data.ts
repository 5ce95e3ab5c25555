import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Recorded trajectories from D4RL MuJoCo environments, for training Decision Transformers offline.",
      id: "edbeeching/decision_transformer_gym_replay",
    },
  ],
  demo: {
    inputs: [
      {
        label: "State",
        content: "Cart position 0.02, pole angle 0.05 rad, pole falling to the right",
        type: "text",
      },
    ],
    outputs: [
      { label: "Action", content: "Push cart right", type: "text" },
      { label: "Next State", content: "Cart position 0.03, pole angle 0.03 rad, pole upright", type: "text" },
    ],
  },
  metrics: [
    {
      description: "Sum of rewards over an episode, with future rewards discounted by a factor γ.",
      id: "Discounted Total Reward",
    },
    { description: "Average episode reward over many evaluation episodes.", id: "Mean Reward" },
    {
      description: "How well the agent performs after a fixed training budget; measures sample efficiency.",
      id: "Level of Performance After Some Time",
    },
  ],
  models: [
    {
      description:
        "Decision Transformer trained on expert Hopper trajectories: picks actions by conditioning on a target return.",
      id: "edbeeching/decision-transformer-gym-hopper-expert",
    },
    {
      description: "PPO agent trained on the seals CartPole environment.",
      id: "HumanCompatibleAI/ppo-seals-CartPole-v0",
    },
  ],
  spaces: [
    {
      description: "Play fetch with Huggy, a dog trained with ML-Agents, in the browser.",
      id: "ThomasSimonini/Huggy",
    },
    {
      description: "Snowball fight against an agent trained with ML-Agents.",
      id: "ThomasSimonini/SnowballFight",
    },
  ],
  summary:
    "Reinforcement learning trains an agent to act in an environment by trial and error, maximising the reward it collects. At each step the agent observes a state, chooses an action and receives a reward and the next state. It is used for games, robotics control, recommendation and fine-tuning language models from feedback.",
  widgetModels: [],
  youtubeId: "q0BiUn5LiBc",
};

export default taskData;
