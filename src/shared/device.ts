export const DEVICE_NAMES = ['Mobile Device', 'iOS Device', 'Windows PC', 'Mac', 'Desktop'] as const;
export type DeviceName = (typeof DEVICE_NAMES)[number];

/** The description's device-name rule (§3), applied to a user-agent string. */
export function deviceNameFromUserAgent(userAgent: string): DeviceName {
  if (/Mobile|Android/.test(userAgent)) return 'Mobile Device';
  if (/iPad|iPhone/.test(userAgent)) return 'iOS Device';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  if (/Mac/.test(userAgent)) return 'Mac';
  return 'Desktop';
}
