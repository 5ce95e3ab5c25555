import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "A curated benchmark of real tabular classification and regression datasets for comparing models fairly.",
      id: "inria-soda/tabular-benchmark",
    },
  ],
  demo: {
    inputs: [
      {
        table: [
          ["Species", "Length (cm)", "Height (cm)", "Width (cm)"],
          ["Bream", "30.0", "11.52", "4.02"],
          ["Perch", "22.0", "5.52", "3.32"],
          ["Pike", "45.0", "7.29", "4.14"],
        ],
        type: "tabular",
      },
    ],
    outputs: [{ table: [["Weight (g)"], ["390"], ["120"], ["510"]], type: "tabular" }],
  },
  metrics: [
    {
      description: "Mean squared error between predicted and true values; punishes large errors.",
      id: "mse",
    },
    {
      description: "Coefficient of determination: the share of the target's variance the model explains.",
      id: "r-squared",
    },
  ],
  models: [
    {
      description: "A scikit-learn regression pipeline that predicts a fish's weight from its measurements.",
      id: "scikit-learn/Fish-Weight",
    },
  ],
  spaces: [
    {
      description: "Enter a fish's measurements and get its predicted weight.",
      id: "scikit-learn/fish-weight-prediction",
    },
  ],
  summary:
    "Tabular regression predicts a continuous number for each row of a table from its columns, such as a price, a demand or a weight. Linear models and gradient-boosted trees are common choices. It is used for pricing, forecasting and estimating quantities that are costly to measure.",
  widgetModels: ["scikit-learn/Fish-Weight"],
  youtubeId: "",
};

export default taskData;
