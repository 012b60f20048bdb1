import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

describe('master password strength', () => {
  it('requires 8 characters and calls 16+ with letters, digits and symbols strong', () => {
    expect(passwordStrength('')).toBe('too-short');
    expect(passwordStrength('abc1234')).toBe('too-short');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefg1')).toBe('fair');
    expect(passwordStrength('abcdefghijk12')).toBe('good');
    expect(passwordStrength('abcdefghijk1234!')).toBe('strong');
    expect(passwordStrength('비밀번호는길게쓰자2026!!abc')).toBe('strong');
    expect(passwordStrength('abcdefghijklmnopqrstu')).toBe('fair');
  });
});
