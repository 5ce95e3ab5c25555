// The fields of the playground's settings panel: model and provider, the chat settings, the image
// settings. Each field carries `data-param` (the URL parameter it sets), which the page reads to take
// up edits made before hydration.
import { Dices } from "lucide-react";
import type { ReactNode } from "react";
import type { HubModel } from "../lib/api.js";
import { policyLabel, type PolicyPick } from "../lib/policies.js";
import { contextLength, ModelPicker, takesImages } from "./ModelPicker.js";
import { CHAT_PARAMS, IMAGE_PARAMS, IMAGE_SIZES, type NumberParam, type NumberReading } from "./settings.js";

/** Sets URL parameters (undefined or "" removes one). */
export type UpdateParams = (changes: Record<string, string | undefined>) => void;

/** What every settings field needs: the panel's id prefix, the URL's parameters and their setter. */
export interface FieldsContext {
  ids: string;
  params: URLSearchParams;
  update: UpdateParams;
}

function NumberField({
  ids,
  params,
  update,
  spec,
  reading,
  extra,
}: FieldsContext & { spec: NumberParam; reading?: NumberReading; extra?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`${ids}-${spec.name}`}>{spec.label}</label>
      <div className={extra ? "field-row" : undefined}>
        <input
          id={`${ids}-${spec.name}`}
          type="number"
          inputMode={spec.integer ? "numeric" : "decimal"}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          data-param={spec.name}
          placeholder={spec.fallback === undefined ? "provider default" : undefined}
          value={params.get(spec.name) ?? (spec.fallback === undefined ? "" : String(spec.fallback))}
          aria-invalid={reading?.error ? true : undefined}
          onChange={(event) => update({ [spec.name]: event.target.value })}
        />
        {extra}
      </div>
    </div>
  );
}

/** A labelled text area for one URL parameter. */
function TextField({
  ids,
  params,
  update,
  name,
  idSuffix,
  label,
  rows,
  placeholder,
}: FieldsContext & { name: string; idSuffix: string; label: string; rows: number; placeholder?: string }) {
  return (
    <div className="field">
      <label htmlFor={`${ids}-${idSuffix}`}>{label}</label>
      <textarea
        id={`${ids}-${idSuffix}`}
        data-param={name}
        rows={rows}
        placeholder={placeholder}
        value={params.get(name) ?? ""}
        onChange={(event) => update({ [name]: event.target.value })}
      />
    </div>
  );
}

/** The provider select of one model: its providers (staging marked), then any router policies. */
export function ProviderSelect({
  id,
  label,
  param,
  model,
  providers,
  value,
  picks = [],
  onChange,
  children,
}: {
  id: string;
  label: string;
  /** the URL parameter it sets, when the page takes up edits made before hydration */
  param?: string;
  model?: HubModel;
  providers: string[];
  value?: string;
  picks?: PolicyPick[];
  onChange(provider: string): void;
  /** shown under the select */
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-param={param}
        value={value ?? ""}
        disabled={providers.length === 0}
        onChange={(event) => onChange(event.target.value)}
      >
        {providers.map((provider) => (
          <option key={provider} value={provider}>
            {provider}
            {model?.inferenceProviderMapping?.[provider].status === "staging" ? " (staging)" : ""}
          </option>
        ))}
        {picks.length > 0 && (
          <optgroup label="Router policy">
            {picks.map((pick) => (
              <option key={pick.policy} value={`:${pick.policy}`}>
                {policyLabel(pick)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {children}
    </div>
  );
}

/** Model, provider (or router policy) and what the model offers: chat and text to image. */
export function ModelFields({
  ids,
  update,
  models,
  modelId,
  task,
  model,
  providers,
  provider,
  picks,
  wantedPick,
}: Omit<FieldsContext, "params"> & {
  models: HubModel[];
  modelId: string;
  task: string;
  model?: HubModel;
  providers: string[];
  provider?: string;
  picks: PolicyPick[];
  /** the router policy the URL asks for, if any */
  wantedPick?: PolicyPick;
}) {
  return (
    <>
      <ModelPicker
        label="Model"
        models={models}
        value={modelId}
        task={task}
        onChange={(id) => update({ model: id, provider: undefined })}
      />
      <ProviderSelect
        id={`${ids}-provider`}
        label="Provider"
        param="provider"
        model={model}
        providers={providers}
        value={provider}
        picks={picks}
        onChange={(value) => update({ provider: value })}
      >
        {wantedPick && model && (
          <p className="hint" data-testid="policy-note">
            Calls <code>{`${model.id}:${wantedPick.policy}`}</code> through the hub&apos;s router, which picks
            the provider per call: {wantedPick.provider} now ({wantedPick.why}).
          </p>
        )}
      </ProviderSelect>
      {model && (
        <p className="model-facts muted">
          {providers.length} provider{providers.length === 1 ? "" : "s"}
          {contextLength(model) !== undefined &&
            ` · ${contextLength(model)!.toLocaleString("en")} tokens of context`}
          {takesImages(model) && " · takes images"}
        </p>
      )}
    </>
  );
}

/** System prompt, temperature, max tokens and top p: chat and compare. */
export function ChatFields({
  numbers,
  ...context
}: FieldsContext & { numbers: Record<string, NumberReading> }) {
  return (
    <>
      <TextField {...context} name="system" idSuffix="system" label="System prompt" rows={3} />
      {CHAT_PARAMS.map((spec) => (
        <NumberField key={spec.name} {...context} spec={spec} reading={numbers[spec.name]} />
      ))}
    </>
  );
}

/** Size, steps, guidance, seed (with a dice roll) and negative prompt: text to image. */
export function ImageFields({
  numbers,
  size,
  ...context
}: FieldsContext & { numbers: Record<string, NumberReading>; size: string }) {
  const { ids, update } = context;
  const [steps, guidance, seed] = IMAGE_PARAMS;
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-size`}>Size</label>
        <select
          id={`${ids}-size`}
          data-param="size"
          value={size}
          onChange={(event) => update({ size: event.target.value })}
        >
          <option value="">Provider default</option>
          {IMAGE_SIZES.map((value) => (
            <option key={value} value={value}>
              {value.replace("x", " × ")}
            </option>
          ))}
          {size && !IMAGE_SIZES.includes(size) && <option value={size}>{size} (not offered)</option>}
        </select>
      </div>
      <NumberField {...context} spec={steps} reading={numbers[steps.name]} />
      <NumberField {...context} spec={guidance} reading={numbers[guidance.name]} />
      <NumberField
        {...context}
        spec={seed}
        reading={numbers[seed.name]}
        extra={
          <button
            type="button"
            className="icon-button"
            aria-label="Roll a random value"
            title="Random seed"
            onClick={() => update({ seed: String(crypto.getRandomValues(new Uint32Array(1))[0]) })}
          >
            <Dices size={16} aria-hidden />
          </button>
        }
      />
      <TextField
        {...context}
        name="negative_prompt"
        idSuffix="negative"
        label="Negative prompt"
        rows={2}
        placeholder="What the image should not show"
      />
    </>
  );
}
