// The composer every playground mode shares: a text box where Enter sends (Shift+Enter: a new line;
// not while an input method is composing), and a Stop button in place of the send button while a
// call runs. Mode-specific things (attachments, extra buttons) come in as children.
import { Square } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";

interface ComposerProps {
  id: string;
  label: string;
  /** the label is for screen readers only */
  labelHidden?: boolean;
  rows: number;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  running: boolean;
  onStop(): void;
  /** the send button's content (icon and text) */
  submitLabel: ReactNode;
  submitDisabled: boolean;
  /** above the text box (e.g. attached images) */
  before?: ReactNode;
  /** more buttons after the send/stop button */
  children?: ReactNode;
}

export function Composer(props: ComposerProps) {
  const { id, running, onSubmit } = props;
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Text typed into the server-rendered box before the app hydrated is in the box (React keeps
    // it) but not in the state, and no change event comes for it: take it up once, at mount.
    const typed = field.current?.value;
    if (typed && typed !== props.value) props.onChange(typed);
  }, []);
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {props.before}
      <label htmlFor={id} className={props.labelHidden ? "visually-hidden" : undefined}>
        {props.label}
      </label>
      <textarea
        ref={field}
        id={id}
        rows={props.rows}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <div className="actions">
        {running ? (
          <button key="stop" type="button" className="button danger" onClick={props.onStop}>
            <Square size={16} aria-hidden /> Stop
          </button>
        ) : (
          <button key="submit" type="submit" className="button primary" disabled={props.submitDisabled}>
            {props.submitLabel}
          </button>
        )}
        {props.children}
      </div>
    </form>
  );
}
