import { Button } from 'common/ui/button';
import type { ButtonProps } from 'common/ui/button';
import { CheckIcon, CopyIcon } from 'common/ui/icons';
import { useCopyToClipboard } from '../lib/clipboard/use-copy-to-clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes on the clipboard. */
  text: string;
  /** The button's label before copying; `Copy` by default. */
  label?: string;
}

/** Copies `text` and reads `Copied!` for 2 seconds; the change is announced politely. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'outline',
  size = 'sm',
  ...props
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <>
      <Button variant={variant} size={size} onClick={() => void copy(text)} {...props}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? 'Copied!' : label}
      </Button>
      <span role="status" className="ui-sr-only">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}
