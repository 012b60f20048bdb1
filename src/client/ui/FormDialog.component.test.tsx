// The modal every form opens in (FormDialog on the native <dialog>): named by its title, the first field focused,
// Tab and Shift+Tab kept inside, Esc and the close button (named in the page's language) closing it, and the focus
// back on what opened it.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { catalog } from '../../shared/i18n/index.js';
import { render } from '../test/render.js';
import { FormDialog } from './FormDialog.js';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add entry
      </button>
      <p>Behind the dialog</p>
      {open && (
        <FormDialog title="New entry" onClose={() => setOpen(false)}>
          <form>
            <label>
              Title <input name="title" />
            </label>
            <label>
              Text <textarea name="body" />
            </label>
            <button type="submit">Save</button>
          </form>
        </FormDialog>
      )}
    </>
  );
}

const focused = () =>
  (document.activeElement as HTMLElement | null)?.getAttribute('name') ?? document.activeElement?.textContent;

describe.each(['ko', 'en'] as const)('a form dialog in %s', (lang) => {
  const close = catalog[lang].common.close;

  it('opens named by its title on its first field, keeps Tab inside, and gives the focus back when closed', async () => {
    render(<Opener />, { lang });
    const opener = page.getByRole('button', { name: 'Add entry' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'New entry' });
    await expect.element(dialog).toBeVisible();
    await expect.poll(focused).toBe('title');
    // Opened modally: the browser keeps the page behind out of reach while it is open.
    expect(dialog.element().closest('dialog')?.matches(':modal')).toBe(true);

    await userEvent.tab();
    expect(focused()).toBe('body');
    await userEvent.tab();
    expect(focused()).toBe('Save');
    await userEvent.tab();
    await expect.element(dialog.getByRole('button', { name: close })).toHaveFocus();
    await userEvent.tab();
    expect(focused()).toBe('title');
    await userEvent.tab({ shift: true });
    await expect.element(dialog.getByRole('button', { name: close })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();

    await opener.click();
    await dialog.getByRole('button', { name: close }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });
});
