import { describe, expect, it } from 'vitest';
import { validateAuth } from './validation.js';

describe('auth dialog rules', () => {
  it('asks for every field when empty', () => {
    expect(validateAuth('register', { email: '', password: '', confirm: '' })).toEqual({
      email: 'auth.validation.emailRequired',
      password: 'auth.validation.passwordRequired',
      confirm: 'auth.validation.confirmRequired',
    });
    expect(validateAuth('login', { email: '', password: '', confirm: '' })).toEqual({
      email: 'auth.validation.emailRequired',
      password: 'auth.validation.passwordRequired',
    });
  });

  it('rejects malformed and script-like e-mails', () => {
    expect(validateAuth('login', { email: 'jane@', password: 'x', confirm: '' }).email).toBe(
      'auth.validation.emailInvalid',
    );
    expect(validateAuth('login', { email: '<script>@a.co', password: 'x', confirm: '' }).email).toBe(
      'auth.validation.invalidInput',
    );
  });

  it('needs 8 characters and a matching confirmation to register, any password to log in', () => {
    expect(
      validateAuth('register', { email: 'a@b.co', password: 'seven77', confirm: 'seven77' }).password,
    ).toBe('auth.validation.passwordShort');
    expect(
      validateAuth('register', { email: 'a@b.co', password: 'eight888', confirm: 'eight889' }).confirm,
    ).toBe('auth.validation.passwordMismatch');
    expect(validateAuth('register', { email: 'a@b.co', password: 'eight888', confirm: 'eight888' })).toEqual(
      {},
    );
    expect(validateAuth('login', { email: 'a@b.co', password: '1', confirm: '' })).toEqual({});
  });

  it('needs only a well-formed e-mail for a forgotten password', () => {
    expect(validateAuth('forgot', { email: 'a@b.co', password: '', confirm: '' })).toEqual({});
    expect(validateAuth('forgot', { email: 'a@', password: '', confirm: '' })).toEqual({
      email: 'auth.validation.emailInvalid',
    });
  });
});
