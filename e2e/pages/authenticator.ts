// A platform authenticator in Chromium for the passkey journeys and the vault benchmark: CDP's virtual authenticator
// (ctap2, internal transport), which verifies its user unless told otherwise and presses itself.
import type { CDPSession, Page } from 'playwright-core';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
}

/** Adds one to the page's browser context; `prf`: it gives PRF outputs (WebAuthn's PRF, CTAP's hmac-secret). */
export async function virtualAuthenticator(
  page: Page,
  options: { prf?: boolean } = {},
): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      ...(options.prf ? { hasPrf: true } : {}),
    },
  });
  return { cdp, id: authenticatorId };
}
