import { giveFocusBack } from './give-focus-back';

/**
 * A control whose focus the browser dropped as it was disabled (a button busy while its refresh or
 * change runs) has it back once it is enabled again, unless the user has moved on meanwhile; the
 * next Tab would otherwise start again from the page. Returns what stops it.
 */
export function keepFocusThroughBusy(): () => void {
  const onFocusOut = (event: FocusEvent) => {
    const { target, relatedTarget } = event;
    if (relatedTarget !== null || !(target instanceof HTMLElement)) return;
    // Only `disabled` drops the focus: one the user moves off an aria-disabled control stays moved.
    if (!target.isConnected || !target.matches(':disabled')) return;
    // In a dialog the focus waits in it: from the page, the next Tab would leave the dialog (a Save
    // a conflict keeps disabled).
    const dialog = target.closest<HTMLElement>('[role="dialog"]');
    dialog?.focus({ preventScroll: true });
    giveFocusBack(target, () => undefined, dialog);
  };
  document.addEventListener('focusout', onFocusOut);
  return () => document.removeEventListener('focusout', onFocusOut);
}
