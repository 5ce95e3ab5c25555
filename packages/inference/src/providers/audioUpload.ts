/** OpenAI-style multipart audio uploads (`…/audio/transcriptions`: deepinfra, together) and their replies. */
import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../errors.js";
import { isObject, isString } from "../utils/guards.js";

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

/**
 * A transcription reply (`{text, segments?}`) as 4.x's speech recognition output, segments as
 * timestamped chunks; anything else is a ProviderOutputError naming the provider (`label`).
 */
export function transcriptionOutput(response: unknown, label: string): AutomaticSpeechRecognitionOutput {
  if (isObject(response) && isString(response.text)) {
    const out: AutomaticSpeechRecognitionOutput = { text: response.text };
    if (Array.isArray(response.segments)) {
      out.chunks = response.segments.map((segment: { text: string; start: number; end: number }) => ({
        text: segment.text,
        timestamp: [segment.start, segment.end],
      }));
    }
    return out;
  }
  throw new InferenceClientProviderOutputError(
    `Received malformed response from ${label} automatic-speech-recognition API: ${JSON.stringify(response)}`,
  );
}
