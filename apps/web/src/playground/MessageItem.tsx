// One message of a conversation, with its actions: copy, edit, delete and (replies) regenerate.
import { Check, Pencil, RefreshCw, Trash2, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { CopyButton } from "../components/CopyButton.js";
import type { StoredMessage } from "./conversations.js";
import { Reply } from "./Reply.js";
import { Figures } from "./Figures.js";

interface MessageItemProps {
  message: StoredMessage;
  /** actions are off while a reply streams */
  busy: boolean;
  onEdit(content: string): void;
  onDelete(): void;
  onRegenerate?: () => void;
}

/** One of a message's icon buttons (off while a reply streams). */
function ActionButton({
  label,
  title,
  busy,
  onClick,
  children,
}: {
  label: string;
  title: string;
  busy: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      disabled={busy}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function MessageItem({ message, busy, onEdit, onDelete, onRegenerate }: MessageItemProps) {
  const ids = useId();
  const [editing, setEditing] = useState<string | undefined>();
  const who = message.role === "user" ? "your message" : "the reply";
  return (
    <li className={`message ${message.role}`} data-message-id={message.id}>
      <span className="role">
        {message.role}
        {message.stopped && <span className="badge warning">stopped</span>}
      </span>
      {message.images?.map((src, index) => (
        <img
          key={index}
          className="message-image"
          src={src}
          alt={`Image ${index + 1} attached to the message`}
        />
      ))}
      {editing !== undefined ? (
        <form
          className="message-edit"
          onSubmit={(event) => {
            event.preventDefault();
            onEdit(editing);
            setEditing(undefined);
          }}
        >
          <label htmlFor={`${ids}-edit`} className="visually-hidden">
            Edit {who}
          </label>
          <textarea
            id={`${ids}-edit`}
            rows={Math.min(12, Math.max(3, editing.split("\n").length + 1))}
            value={editing}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setEditing(undefined)}
          />
          <div className="actions">
            <button type="submit" className="button primary small">
              <Check size={15} aria-hidden /> Save
            </button>
            <button type="button" className="button small" onClick={() => setEditing(undefined)}>
              <X size={15} aria-hidden /> Cancel
            </button>
          </div>
        </form>
      ) : message.role === "assistant" ? (
        <Reply text={message.content} />
      ) : (
        <p>{message.content}</p>
      )}
      {message.metrics && <Figures metrics={message.metrics} />}
      {editing === undefined && (
        <div className="message-actions">
          <CopyButton text={message.content} label={`Copy ${who}`} />
          <ActionButton
            label={`Edit ${who}`}
            title="Edit"
            busy={busy}
            onClick={() => setEditing(message.content)}
          >
            <Pencil size={15} aria-hidden />
          </ActionButton>
          {onRegenerate && (
            <ActionButton label="Regenerate the reply" title="Regenerate" busy={busy} onClick={onRegenerate}>
              <RefreshCw size={15} aria-hidden />
            </ActionButton>
          )}
          <ActionButton label={`Delete ${who}`} title="Delete" busy={busy} onClick={onDelete}>
            <Trash2 size={15} aria-hidden />
          </ActionButton>
        </div>
      )}
    </li>
  );
}
