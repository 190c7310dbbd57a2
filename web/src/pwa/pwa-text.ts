/** Texts of the installable app (S3 §4, §8 where quoted; the card and instruction texts are ours). */
export const pwaText = {
  product: 'Kehila',
  installTitle: 'Install Kehila',
  installBody: 'Add Kehila to your home screen: it opens in its own window, straight to your community.',
  installApp: 'Install App',
  installInstructions: 'Install Instructions',
  notNow: 'Not now',
  installed: 'Kehila app installed successfully!',
  installStarted: 'App installation started!',
  installFailed: 'Installation failed. Please try again.',
  updateTitle: 'Update available',
  updateBody: 'A new version of Kehila is ready.',
  updateNow: 'Update Now',
  later: 'Later',
  updateApplied: 'Update applied! App will refresh automatically.',
  updateDismissed: 'Update dismissed. Refresh the page later to get the latest version.',
  appCardTitle: 'Mobile App Installation',
  appCardBody: 'Install Kehila on your phone or computer to open it like any other app.',
  runningInstalled: 'Kehila is running as an installed app.',
  close: 'Close',
  instructionsTitle: 'How to install Kehila',
  platforms: {
    ios: {
      label: 'iPhone / iPad',
      steps: [
        'Open Kehila in Safari.',
        'Tap the Share button (the square with an arrow pointing up).',
        "Scroll down and tap 'Add to Home Screen'.",
        "Tap 'Add'. Kehila appears on your home screen.",
      ],
    },
    android: {
      label: 'Android',
      steps: [
        'Open Kehila in Chrome.',
        'Tap the menu (⋮) at the top right.',
        "Tap 'Install app' (or 'Add to Home screen').",
        "Tap 'Install'. Kehila appears with your apps.",
      ],
    },
    desktop: {
      label: 'Desktop',
      steps: [
        'Open Kehila in Chrome or Edge.',
        'Click the install icon at the right end of the address bar (or open the browser menu and choose Install Kehila).',
        "Click 'Install'. Kehila opens in its own window and is added to your apps.",
      ],
    },
  },
} as const;

/** The platforms the instructions cover (S2 §2.4 App tab). */
export type InstallPlatform = keyof typeof pwaText.platforms;

/** The platform a user agent string describes, for the instructions' first tab. */
export function platformOf(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  // iPadOS reports itself as a Mac; its touch screen tells it apart.
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}
