// The text box of a hub token, wherever one is typed.
import type { InputHTMLAttributes, Ref } from "react";

/** A password box for a token: never autocompleted nor spell-checked. */
export function TokenInput({
  value,
  onChange,
  ...attributes
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      {...attributes}
      type="password"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
