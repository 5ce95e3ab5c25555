// A small multipart/form-data reader (audio uploads): fields as text, files as bytes.

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** The parts of a multipart body, or undefined when the content type has no boundary or the body does not parse. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) return undefined;
  for (;;) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") return parts;
    start += 2; // CRLF after the delimiter
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    const chunk = body.subarray(start, next - 2); // CRLF before the next delimiter
    const headerEnd = chunk.indexOf("\r\n\r\n");
    if (headerEnd < 0) return undefined;
    const headers = chunk.subarray(0, headerEnd).toString("utf8");
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return undefined;
    parts.push({
      name,
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
      contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1],
      bytes: chunk.subarray(headerEnd + 4),
    });
    start = next;
  }
}
