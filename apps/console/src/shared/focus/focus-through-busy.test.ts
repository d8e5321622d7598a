import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFocusThroughBusy } from './focus-through-busy';

/** Awaited: the enabling is seen by a MutationObserver, whose callback runs as a microtask. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focus kept through a busy control', () => {
  let stop: () => void = () => undefined;
  let refresh: HTMLButtonElement;
  beforeEach(() => {
    document.body.innerHTML = '<button>Refresh</button><p>page</p>';
    refresh = document.querySelector('button') as HTMLButtonElement;
    stop = keepFocusThroughBusy();
    refresh.focus();
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  /**
   * The button busy: disabled, its focus dropped to the page, as the browser does it (jsdom neither
   * drops the focus of a control it disables nor blurs a disabled one).
   */
  function busy() {
    refresh.blur();
    refresh.disabled = true;
    refresh.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(document.body).toHaveFocus();
  }

  it('gives the focus back to a button once the refresh that disabled it has finished', async () => {
    busy();
    refresh.disabled = false;
    await observed();
    expect(refresh).toHaveFocus();
  });

  it('leaves the focus where the user moved it meanwhile', async () => {
    busy();
    document.querySelector('p')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    refresh.disabled = false;
    await observed();
    expect(document.body).toHaveFocus();
  });

  it('leaves alone a focus moved to another control of its dialog as its control is disabled', async () => {
    document.body.innerHTML =
      '<section role="dialog" tabindex="-1"><button>Save</button><button>Cancel</button></section>';
    const [save, cancel] = [...document.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    cancel.focus();
    save.disabled = true;
    save.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: cancel }));
    expect(cancel, 'not taken to the dialog to wait').toHaveFocus();
    save.disabled = false;
    await observed();
    expect(cancel).toHaveFocus();
  });

  it('leaves alone a focus dropped from a control still enabled (the window left)', async () => {
    refresh.blur();
    refresh.disabled = true;
    refresh.disabled = false;
    await observed();
    expect(document.body).toHaveFocus();
  });

  it('keeps the focus in a dialog while its busy button is disabled, and gives it back once enabled', async () => {
    document.body.innerHTML = '<section role="dialog" tabindex="-1"><button>Save</button></section>';
    const dialog = document.querySelector('section') as HTMLElement;
    const save = document.querySelector('button') as HTMLButtonElement;
    save.focus();
    save.blur();
    save.disabled = true;
    save.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(dialog, 'not the page, from where Tab would leave the dialog').toHaveFocus();
    save.disabled = false;
    await observed();
    expect(save).toHaveFocus();
  });
});
