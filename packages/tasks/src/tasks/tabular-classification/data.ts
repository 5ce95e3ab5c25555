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
          ["Glucose", "Blood Pressure", "BMI", "Age"],
          ["148", "72", "33.6", "50"],
          ["85", "66", "26.6", "31"],
          ["183", "64", "23.3", "32"],
        ],
        type: "tabular",
      },
    ],
    outputs: [{ table: [["Diabetes"], ["1"], ["0"], ["1"]], type: "tabular" }],
  },
  metrics: [
    { description: "Share of rows assigned the correct class.", id: "accuracy" },
    { description: "Share of the rows of a class that the model finds.", id: "recall" },
    { description: "Share of the model's predictions for a class that are correct.", id: "precision" },
    { description: "Harmonic mean of precision and recall.", id: "f1" },
  ],
  models: [
    {
      description:
        "A scikit-learn decision tree pipeline that predicts whether a breast tumour is malignant.",
      id: "scikit-learn/cancer-prediction-trees",
    },
  ],
  spaces: [
    {
      description: "Train and compare scikit-learn classifiers on a dataset in the browser.",
      id: "scikit-learn/tabular-playground",
    },
    {
      description: "Visual comparison of scikit-learn classifiers' decision boundaries.",
      id: "scikit-learn/classification",
    },
  ],
  summary:
    "Tabular classification predicts a category for each row of a table from its columns, such as whether a customer will churn or a transaction is fraudulent. Gradient-boosted trees and other scikit-learn models remain strong baselines. Typical uses are credit scoring, medical risk prediction and lead qualification.",
  widgetModels: ["scikit-learn/tabular-playground"],
  youtubeId: "",
};

export default taskData;
