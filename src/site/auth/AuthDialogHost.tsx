// For the whole-page tree (the admin and mailed-link pages): starts the auth dialog's address handling once mounted.
import { useEffect } from 'react';
import { startAuthDialog } from './auth-ahead.js';

export function AuthDialogHost() {
  useEffect(startAuthDialog, []);
  return null;
}
