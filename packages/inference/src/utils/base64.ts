interface NodeBuffer {
  from(data: Uint8Array | string, encoding?: string): Uint8Array & { toString(encoding: string): string };
}
// Buffer is much faster where it exists (Node, Bun, Deno); btoa/atob elsewhere.
const nodeBuffer = () => (globalThis as { Buffer?: NodeBuffer }).Buffer;

export function base64FromBytes(bytes: Uint8Array): string {
  const NodeBuffer = nodeBuffer();
  if (NodeBuffer) return NodeBuffer.from(bytes).toString("base64");
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function bytesFromBase64(text: string): Uint8Array<ArrayBuffer> {
  const NodeBuffer = nodeBuffer();
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(text, "base64"));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64 of a Blob or ArrayBuffer's bytes. */
export async function base64FromBinary(data: Blob | ArrayBuffer): Promise<string> {
  const buffer = data instanceof ArrayBuffer ? data : await data.arrayBuffer();
  return base64FromBytes(new Uint8Array(buffer));
}
