// The conversations saved in this browser: open one (its model, provider and system prompt come
// back with it), start a new one, delete one.
import { MessageSquarePlus, Trash2 } from "lucide-react";
import {
  deleteConversation,
  openConversation,
  useConversations,
  type Conversation,
} from "./conversations.js";

export function ConversationList({ onOpen }: { onOpen(conversation: Conversation): void }) {
  const { conversations, currentId } = useConversations();
  return (
    <nav className="conversations" aria-label="Saved conversations">
      <div className="conversations-head">
        <h2>Conversations</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="New conversation"
          title="New conversation"
          disabled={currentId === undefined}
          onClick={() => openConversation(undefined)}
        >
          <MessageSquarePlus size={16} aria-hidden />
        </button>
      </div>
      {conversations.length === 0 ? (
        <p className="muted">Conversations are saved in this browser as you chat.</p>
      ) : (
        <ul>
          {conversations.map((conversation) => (
            <li key={conversation.id} className={conversation.id === currentId ? "current" : undefined}>
              <button
                type="button"
                className="conversation-open"
                aria-current={conversation.id === currentId ? "true" : undefined}
                onClick={() => {
                  openConversation(conversation.id);
                  onOpen(conversation);
                }}
              >
                <span className="conversation-title">{conversation.title}</span>
                <span className="conversation-meta">
                  {conversation.messages.length} message{conversation.messages.length === 1 ? "" : "s"}
                  {conversation.model ? ` · ${conversation.model.split("/").at(-1)}` : ""}
                </span>
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Delete conversation “${conversation.title}”`}
                title="Delete"
                onClick={() => deleteConversation(conversation.id)}
              >
                <Trash2 size={15} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
