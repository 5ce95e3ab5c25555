// Images attached to a chat message travel as data: URLs inside the JSON request and are saved with
// the conversation (localStorage holds about 5 MB): large pictures are scaled down (longest side
// 1536 px, more than vision models look at) and re-encoded as JPEG.
const MAX_SIDE = 1536;
const KEEP_AS_IS_BYTES = 400_000;
const MAX_DATA_URL_CHARS = 900_000;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(blob);
  });
}

export async function imageToDataUrl(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) {
    throw new Error(
      `"${file.name}" is not an image (type ${file.type || "unknown"}); attach a PNG, JPEG, WebP or GIF`,
    );
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`"${file.name}" could not be decoded as an image`);
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= KEEP_AS_IS_BYTES) {
    bitmap.close();
    return readAsDataUrl(file);
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const url = canvas.toDataURL("image/jpeg", 0.85);
  if (url.length > MAX_DATA_URL_CHARS) {
    throw new Error(
      `"${file.name}" is still ${Math.round(url.length / 1024)} KB once scaled down; the limit is ${Math.round(MAX_DATA_URL_CHARS / 1024)} KB`,
    );
  }
  return url;
}
