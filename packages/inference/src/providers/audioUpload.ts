/** OpenAI-style multipart audio uploads (`…/audio/transcriptions`: deepinfra, together). */

/** The file extension such routes read the audio format from (the upload needs a file name). */
const AUDIO_EXTENSIONS: Record<string, string> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/mp4": "mp4",
  "audio/m4a": "m4a",
  "audio/x-m4a": "m4a",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
};

const extensionOf = (type: string) => AUDIO_EXTENSIONS[type.split(";")[0].trim().toLowerCase()] ?? "wav";

/**
 * The upload: the audio as `file` (a Blob named after its type, or a URL's text), then every other
 * field (objects as JSON; undefined and null left out).
 */
export function audioUploadForm(audio: Blob | string, fields: Record<string, unknown>): FormData {
  const form = new FormData();
  if (typeof audio === "string") form.append("file", audio);
  else form.append("file", audio, `audio.${extensionOf(audio.type)}`);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return form;
}
