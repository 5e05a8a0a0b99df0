/**
 * Key names. Everything of one organisation shares its hash tag `{org:ID}`, so every key a meter
 * script touches lands in one Redis Cluster slot; keys of no organisation stand alone.
 */
export const organisationKey = (prefix: string, orgId: string, ...parts: string[]): string =>
  [`${prefix}:{org:${orgId}}`, ...parts].join(':');
