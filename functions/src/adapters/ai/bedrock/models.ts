/** Vector size of a Bedrock embedding model (Titan v1 and G1: 1536; Cohere multilingual and Titan v2: 1024). */
export function embeddingDimensionsOf(modelId: string): number {
  if (modelId.includes('titan-embed-text-v1') || modelId.includes('titan-embed-g1')) return 1536;
  return 1024;
}
