// Saved chat conversations, kept in this browser's localStorage (nothing leaves the browser), with
// the one open last. A small external store read through useSyncExternalStore: renders on the
// server see no conversations, other tabs' changes arrive through the `storage` event.
import { useSyncExternalStore } from "react";
import { subscribeAcrossTabs } from "../lib/storage-sync.js";
import type { ReplyMetrics } from "./stream.js";

export interface StoredMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** images attached to a user message, as data: URLs */
  images?: string[];
  /** an assistant reply cut short by Stop */
  stopped?: boolean;
  /** the model and provider that wrote an assistant reply, and how fast */
  model?: string;
  provider?: string;
  metrics?: ReplyMetrics;
}

export interface Conversation {
  id: string;
  title: string;
  model?: string;
  provider?: string;
  system?: string;
  messages: StoredMessage[];
  updatedAt: number;
}

interface State {
  conversations: Conversation[];
  currentId?: string;
  /** the last save failed (storage full or disabled): what is shown is not kept */
  saveError?: string;
}

const KEY = "hubkit-playground";
const EMPTY: State = { conversations: [] };
let state: State | undefined;
const listeners = new Set<() => void>();

export function newId(): string {
  return crypto.randomUUID();
}

function read(): State {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<State>;
    if (!Array.isArray(parsed.conversations)) return EMPTY;
    return { conversations: parsed.conversations, currentId: parsed.currentId };
  } catch {
    return EMPTY;
  }
}

function snapshot(): State {
  state ??= read();
  return state;
}

function commit(next: State): void {
  let saveError: string | undefined;
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({ conversations: next.conversations, currentId: next.currentId }),
    );
  } catch (error) {
    saveError = `Not saved in this browser: ${(error as Error).message}`;
  }
  state = { ...next, saveError };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  return subscribeAcrossTabs(listeners, listener, KEY, () => {
    state = read();
  });
}

export function useConversations(): State {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** A title from the first user message. */
function titleOf(messages: StoredMessage[]): string {
  const first = messages.find((message) => message.role === "user")?.content.trim() ?? "";
  const line = first.split("\n")[0] || (messages.length > 0 ? "Image" : "New conversation");
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/** Creates or replaces a conversation and makes it the open one. */
export function saveConversation(conversation: Omit<Conversation, "title" | "updatedAt">): void {
  const current = snapshot();
  const saved: Conversation = {
    ...conversation,
    title: titleOf(conversation.messages),
    updatedAt: Date.now(),
  };
  const others = current.conversations.filter((entry) => entry.id !== conversation.id);
  commit({ conversations: [saved, ...others], currentId: saved.id });
}

export function hasConversation(id: string): boolean {
  return snapshot().conversations.some((entry) => entry.id === id);
}

export function openConversation(id: string | undefined): void {
  commit({ ...snapshot(), currentId: id });
}

export function deleteConversation(id: string): void {
  const current = snapshot();
  const conversations = current.conversations.filter((entry) => entry.id !== id);
  commit({ conversations, currentId: current.currentId === id ? undefined : current.currentId });
}
