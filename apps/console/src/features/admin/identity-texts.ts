import type { IdentityLinkMethod } from '@web-control/contract/sso';

/** The texts of a user's "Single sign-on" section. */
export const IDENTITY_TEXTS = {
  title: 'Single sign-on',
  intro:
    'Accounts at the identity provider that sign in as this user. An account with the same verified e-mail address links itself at its first sign-in; link any other account here by its issuer and subject.',
  loadFailed: 'Could not fetch the linked identities.',
  retry: 'Try again',
  empty: 'No identity is linked to this user.',
  link: 'Link identity',
  save: 'Link',
  cancel: 'Cancel',
  unlink: 'Unlink',
  issuer: 'Issuer',
  issuerHint: 'Exactly as the provider’s ID tokens name it, e.g. https://login.example/realms/bank',
  subject: 'Subject',
  subjectHint: 'The account’s subject (sub) at the provider',
  howLinked: 'Linked by',
  lastSignIn: 'Last sign-in',
  never: 'Never',
  linked: 'Identity linked.',
  linkFailed: 'Could not link the identity. Please try again or contact support.',
  unlinkTitle: 'Unlink this identity?',
  unlinkText: (subject: string) =>
    `"${subject}" will no longer sign in as this user (unless its verified e-mail matches this user again).`,
  unlinked: 'Identity unlinked.',
  unlinkFailed: 'Could not unlink the identity. Please try again or contact support.',
} as const;

export const LINK_METHOD_LABELS: Record<IdentityLinkMethod, string> = {
  email: 'Verified e-mail',
  administrator: 'Administrator',
};
