import { useEffect, useState } from 'react';

/**
 * Gives focus back to the element that had it when the calling component mounted, once it unmounts
 * (WCAG 2.4.3). Our dialogs are mounted while open and removed on close, so antd's
 * focusTriggerAfterClose (which needs an animated close) never runs and focus fell to <body>.
 */
export function useReturnFocus(): void {
  // Read during the first render: before the dialog's own effects move focus into it.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      // After the dialog's DOM is gone; an opener the page has since removed keeps focus where it is.
      setTimeout(() => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
