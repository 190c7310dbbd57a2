/** Texts of the metadata guard in the shell (S1 §4): the completeness banner and the skip tip. */
export const metadataGateText = {
  skipTip: 'Tip: you can finish your community setup anytime in Settings.',
  bannerText: (percent: number) =>
    `Your community information is ${percent}% complete. Complete it to get better AI summaries and insights.`,
  bannerAction: 'Complete',
} as const;
