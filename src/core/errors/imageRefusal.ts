// A server's refusal of images, recognised from its words: the model (or the server as started) takes no image input.
// Each pattern is one a real server sent (test/fixtures/image-refusal, each case with its source); a refusal of how an
// image was sent (an external URL, bad base64, too many images) is not one: the model does read images.
const REFUSALS: readonly RegExp[] = [
  // OpenAI (and servers that copy its words) for a model without vision.
  /image_url is only supported by certain models/i,
  // DeepSeek: its request schema has no image part.
  /unknown variant [`'"]?image_url[`'"]?, expected [`'"]?text/i,
  // llama.cpp's server started without a multimodal projector (--mmproj).
  /image input is not supported/i,
  // vLLM serving a text-only model.
  /is not a multimodal model/i,
  // Ollama for a model without the vision capability.
  /model does not support image input/i,
  // LM Studio.
  /model does not support images/i,
  // Amazon Bedrock's Converse validation.
  /doesn't support the image field/i,
];

/** True when `text` (a server's error message or body) says the model or server takes no images. */
export function recogniseImageRefusal(text: string): boolean {
  return REFUSALS.some((pattern) => pattern.test(text));
}
