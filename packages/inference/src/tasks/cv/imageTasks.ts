/** The image and video tasks whose arguments go to the provider as they come, or as raw bytes. */
import type {
  ImageClassificationInput,
  ImageClassificationOutput,
  ImageSegmentationInput,
  ImageSegmentationOutput,
  ImageTextToImageInput,
  ImageTextToVideoInput,
  ImageToTextInput,
  ImageToTextOutput,
  ImageToVideoInput,
  ObjectDetectionInput,
  ObjectDetectionOutput,
  TextToVideoInput,
} from "@hubkit/tasks";
import {
  imageClassificationHelpers,
  imageSegmentationHelpers,
  imageTextToImageHelpers,
  imageTextToVideoHelpers,
  imageToTextHelpers,
  imageToVideoHelpers,
  objectDetectionHelpers,
  textToVideoHelpers,
} from "../../providers/index.js";
import type { BaseArgs } from "../../types.js";
import { taskFunction } from "../taskFunction.js";
import { type LegacyImageInput, preparePayload } from "./utils.js";

export type { ImageTextToImageInput, ImageTextToVideoInput, ImageToVideoInput };

export type ImageClassificationArgs = BaseArgs & (ImageClassificationInput | LegacyImageInput);
/** Labels an image, with scores. */
export const imageClassification = /* @__PURE__ */ taskFunction<
  ImageClassificationArgs,
  ImageClassificationOutput
>(imageClassificationHelpers, "image-classification", preparePayload);

export type ImageSegmentationArgs = BaseArgs & (ImageSegmentationInput | LegacyImageInput);
/** Splits an image into labelled regions, each with a mask. */
export const imageSegmentation = /* @__PURE__ */ taskFunction<ImageSegmentationArgs, ImageSegmentationOutput>(
  imageSegmentationHelpers,
  "image-segmentation",
  preparePayload,
);

export type ImageTextToImageArgs = BaseArgs & ImageTextToImageInput;
/** Edits (or generates) an image from an image and a text prompt. */
export const imageTextToImage = /* @__PURE__ */ taskFunction<ImageTextToImageArgs, Blob>(
  imageTextToImageHelpers,
  "image-text-to-image",
);

export type ImageTextToVideoArgs = BaseArgs & ImageTextToVideoInput;
/** Generates a video from an image and a text prompt. */
export const imageTextToVideo = /* @__PURE__ */ taskFunction<ImageTextToVideoArgs, Blob>(
  imageTextToVideoHelpers,
  "image-text-to-video",
);

export type ImageToTextArgs = BaseArgs & (ImageToTextInput | LegacyImageInput);
/** Describes an image in words (captioning). */
export const imageToText = /* @__PURE__ */ taskFunction<ImageToTextArgs, ImageToTextOutput>(
  imageToTextHelpers,
  "image-to-text",
  preparePayload,
);

export type ImageToVideoArgs = BaseArgs & ImageToVideoInput;
/** Animates an image into a video. */
export const imageToVideo = /* @__PURE__ */ taskFunction<ImageToVideoArgs, Blob>(
  imageToVideoHelpers,
  "image-to-video",
);

export type ObjectDetectionArgs = BaseArgs & (ObjectDetectionInput | LegacyImageInput);
/** Finds objects in an image: label, score and bounding box of each. */
export const objectDetection = /* @__PURE__ */ taskFunction<ObjectDetectionArgs, ObjectDetectionOutput>(
  objectDetectionHelpers,
  "object-detection",
  preparePayload,
);

export type TextToVideoArgs = BaseArgs & TextToVideoInput;
export type TextToVideoOutput = Blob;
/** Generates a video from a prompt (providers may take minutes: see the `poll` option). */
export const textToVideo = /* @__PURE__ */ taskFunction<TextToVideoArgs, TextToVideoOutput>(
  textToVideoHelpers,
  "text-to-video",
);
