// Audio conversion in the browser, for providers that accept only some audio types.

/**
 * Decodes any audio the browser can (FLAC, Ogg, …) and encodes it as 16 kHz mono 16-bit WAV, the
 * rate speech models work at.
 */
export async function toWav(blob: Blob, sampleRate = 16000): Promise<Blob> {
  const context = new OfflineAudioContext(1, 1, sampleRate);
  let buffer: AudioBuffer;
  try {
    buffer = await context.decodeAudioData(await blob.arrayBuffer());
  } catch (error) {
    throw new Error(
      `The audio file (${blob.type || "unknown type"}) could not be decoded to convert it to WAV: ${(error as Error).message}`,
    );
  }
  // Down-mix to mono.
  const samples = new Float32Array(buffer.length);
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i++) samples[i] += data[i] / buffer.numberOfChannels;
  }
  const view = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, buffer.sampleRate, true);
  view.setUint32(28, buffer.sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, Math.max(-1, Math.min(1, sample)) * 0x7fff, true));
  return new Blob([view.buffer], { type: "audio/wav" });
}
