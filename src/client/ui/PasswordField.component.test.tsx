// The password field every form uses: its label names the input, and its toggle says in the page's language what
// it does, shows the password, and says so to a screen reader.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { catalog } from '../../shared/i18n/index.js';
import { render } from '../test/render.js';
import { PasswordField } from './PasswordField.js';

function Field({ problem }: { problem?: string }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      id="secret"
      label="Master password"
      value={value}
      onChange={setValue}
      autoComplete="current-password"
      hint="At least 8 characters"
      problem={problem}
    />
  );
}

describe.each(['ko', 'en'] as const)('the password field in %s', (lang) => {
  const words = catalog[lang].passwordField;

  it('is named by its label, hidden until its toggle shows it, and the toggle says which', async () => {
    render(<Field />, { lang });
    const input = page.getByLabelText('Master password', { exact: true });
    await userEvent.type(input, 'a secret');
    expect(input.element()).toHaveProperty('type', 'password');
    const show = page.getByRole('button', { name: words.showPassword });
    await expect.element(show).toHaveAttribute('aria-pressed', 'false');
    await expect.element(show).toHaveTextContent(words.show);
    await show.click();
    expect(input.element()).toHaveProperty('type', 'text');
    expect(input.element()).toHaveProperty('value', 'a secret');
    const hide = page.getByRole('button', { name: words.hidePassword });
    await expect.element(hide).toHaveAttribute('aria-pressed', 'true');
    await expect.element(hide).toHaveTextContent(words.hide);
    await hide.click();
    expect(input.element()).toHaveProperty('type', 'password');
  });

  it('shows its hint, and in its place a problem announced and tied to the input', async () => {
    const field = render(<Field />, { lang });
    await expect.element(page.getByText('At least 8 characters')).toBeVisible();
    field.rerender(<Field problem="Too short" />);
    const problem = page.getByRole('alert');
    await expect.element(problem).toHaveTextContent('Too short');
    expect(page.getByText('At least 8 characters').elements()).toHaveLength(0);
    const input = page.getByLabelText('Master password', { exact: true });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription('Too short');
  });
});
