import Button from '@cloudscape-design/components/button';
import { useToast } from './toast/use-toast';

/** S2 §8 clipboard toasts. */
export const copyText = {
  copied: 'Copied to clipboard',
  failed: 'Failed to copy',
} as const;

/** Copies a text to the clipboard and says so with a toast. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copyText.copied);
    } catch {
      toast.error(copyText.failed);
    }
  };
  return <Button variant="inline-icon" iconName="copy" ariaLabel={label} onClick={() => void copy()} />;
}
