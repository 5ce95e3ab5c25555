export { startEmulator, jsonDeeperThan, MAX_JSON_DEPTH } from "./emulator.js";
export { HOST_ORIGINS, HOST_KEYS } from "./hosts.js";
export { RESERVED_FAULTS, FAULT_MODELS, FAULT_MODEL_PREFIX } from "./faults.js";
export { MODELS } from "./data/models.js";
export { encodePng, renderImage, renderWav, renderMp4, sniffImage, sniffAudio } from "./media.js";
export { PROVIDER_IDS } from "./types.js";
export type * from "./types.js";
