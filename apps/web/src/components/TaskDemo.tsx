// A task page's demo, rendered for real: images, audio, text, labels with score bars, tables and
// tagged tokens, video that plays and 3D models that turn, inputs on the left and outputs on the right.
import type { TaskDemoEntry } from "@hubkit/tasks";
import { TASK_DEMO_VIDEOS } from "@hubkit/tasks/task-demo-assets";
import { ArrowRight } from "lucide-react";
import { demoAssetUrl } from "../lib/api.js";
import { ModelViewer } from "./ModelViewer.js";
import { DataTable } from "./DataTable.js";
import { LabelBars, TaggedText, VideoPlayer } from "./Outputs.js";

function DemoEntry({ entry, taskLabel }: { entry: TaskDemoEntry; taskLabel: string }) {
  switch (entry.type) {
    case "img":
      // Video outputs are shipped as GIF (what the catalogue names) and as a playable MP4 twin.
      if (TASK_DEMO_VIDEOS[entry.filename]) {
        return (
          <VideoPlayer
            src={demoAssetUrl(TASK_DEMO_VIDEOS[entry.filename])}
            label={`${taskLabel} demo video`}
          />
        );
      }
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
        <DataTable
          columns={(entry.table[0] ?? []).map(String)}
          rows={entry.table.slice(1).map((row) => row.map(String))}
          label="Demo table"
        />
      );
    case "text":
      if (/^[\w.-]+\.glb$/.test(entry.content)) {
        return (
          <div className="demo-text">
            <span className="demo-label">{entry.label}</span>
            <ModelViewer src={demoAssetUrl(entry.content)} label={`${taskLabel} demo result`} />
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
