// A task page's demo, rendered for real: images, audio, text, labels with score bars, tables and
// tagged tokens, inputs on the left and outputs on the right.
import type { TaskDemoEntry } from "@hubkit/tasks";
import { ArrowRight, Box } from "lucide-react";
import { demoAssetUrl } from "../lib/api.js";
import { LabelBars, TaggedText } from "./Outputs.js";

function DemoEntry({ entry, taskLabel }: { entry: TaskDemoEntry; taskLabel: string }) {
  switch (entry.type) {
    case "img":
      return (
        <img
          className="demo-image"
          src={demoAssetUrl(entry.filename)}
          alt={`${taskLabel} demo: ${entry.filename}`}
          loading="lazy"
        />
      );
    case "audio":
      return (
        <audio
          controls
          src={demoAssetUrl(entry.filename)}
          aria-label={`${taskLabel} demo audio ${entry.filename}`}
        />
      );
    case "chart":
      return <LabelBars items={entry.data} />;
    case "tabular":
      return (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Demo table">
          <table>
            <thead>
              <tr>
                {entry.table[0]?.map((cell, index) => (
                  <th key={index} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entry.table.slice(1).map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "text":
      if (/^[\w.-]+\.glb$/.test(entry.content)) {
        return (
          <div className="demo-text">
            <span className="demo-label">{entry.label}</span>
            <a href={demoAssetUrl(entry.content)} download>
              <Box size={16} aria-hidden /> {entry.content} (3D model, glTF binary)
            </a>
          </div>
        );
      }
      return (
        <div className="demo-text">
          <span className="demo-label">{entry.label}</span>
          <p>{entry.content}</p>
        </div>
      );
    case "text-with-tokens":
      return <TaggedText text={entry.text} tokens={entry.tokens} />;
  }
}

export function TaskDemo({
  inputs,
  outputs,
  taskLabel,
}: {
  inputs: TaskDemoEntry[];
  outputs: TaskDemoEntry[];
  taskLabel: string;
}) {
  if (inputs.length === 0 && outputs.length === 0) return <p className="muted">This task has no demo yet.</p>;
  return (
    <div className="demo">
      <div className="demo-column">
        <h3>Inputs</h3>
        {inputs.map((entry, index) => (
          <DemoEntry key={index} entry={entry} taskLabel={taskLabel} />
        ))}
      </div>
      <ArrowRight className="demo-arrow" size={28} aria-hidden />
      <div className="demo-column">
        <h3>Outputs</h3>
        {outputs.map((entry, index) => (
          <DemoEntry key={index} entry={entry} taskLabel={taskLabel} />
        ))}
      </div>
    </div>
  );
}
