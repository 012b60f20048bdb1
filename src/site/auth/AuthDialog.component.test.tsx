// The sign-in dialog's modes, signed out, in both languages: each mode's first field takes the focus, every
// password shown in one mode is hidden again in the next, and the register form's button says what it will do
// (register, or change the password once a master key is typed). Its journeys with the server (wrong passwords,
// limits, a signed-in member's change) are e2e/site-details.test.ts's.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { catalog } from '../../shared/i18n/index.js';
import { render } from '../../client/test/render.js';
import { AuthDialog } from './AuthDialog.js';
import { SessionProvider } from './session.js';

/** What the person reads on the register form's button, written out so a changed catalog cannot make it pass. */
const SUBMIT = {
  ko: { register: '가입하기', change: '비밀번호 변경' },
  en: { register: 'Register', change: 'Change password' },
} as const;

describe.each(['ko', 'en'] as const)('the sign-in dialog in %s, signed out', (lang) => {
  const t = catalog[lang];
  const dialog = page.getByRole('dialog');
  const field = (label: string) => dialog.getByLabelText(label, { exact: true });
  const typeOf = (label: string) => (field(label).element() as HTMLInputElement).type;

  it('hides every password again when it switches mode, and focuses each mode’s first field', async () => {
    render(
      <SessionProvider>
        <AuthDialog mode="login" onClose={() => undefined} />
      </SessionProvider>,
      { lang },
    );
    await expect.element(field(t.auth.email)).toHaveFocus();
    await field(t.auth.password).fill('a secret');
    await dialog.getByRole('button', { name: t.passwordField.showPassword }).click();
    expect(typeOf(t.auth.password)).toBe('text');

    await dialog.getByRole('button', { name: t.auth.toRegister }).click();
    await expect.element(field(t.auth.newPassword)).toBeVisible();
    await expect.element(field(t.auth.email)).toHaveFocus();
    for (const label of [t.auth.newPassword, t.auth.confirmPassword, t.auth.masterKey])
      expect(typeOf(label), label).toBe('password');
    await dialog.getByRole('button', { name: t.passwordField.showPassword }).first().click();
    expect(typeOf(t.auth.newPassword)).toBe('text');

    await dialog.getByRole('button', { name: t.auth.toLogin }).click();
    await expect.element(field(t.auth.password)).toBeVisible();
    expect(typeOf(t.auth.password)).toBe('password');
  });

  it('labels the register form’s button for what it does: register, or change a password with a master key', async () => {
    render(
      <SessionProvider>
        <AuthDialog mode="register" onClose={() => undefined} />
      </SessionProvider>,
      { lang },
    );
    const submit = dialog.getByRole('button', { name: SUBMIT[lang].register, exact: true });
    await expect.element(submit).toHaveAttribute('type', 'submit');
    await field(t.auth.masterKey).fill('my master key');
    await expect
      .element(dialog.getByRole('button', { name: SUBMIT[lang].change, exact: true }))
      .toHaveAttribute('type', 'submit');
    await field(t.auth.masterKey).fill('');
    await expect.element(submit).toBeVisible();
  });
});
