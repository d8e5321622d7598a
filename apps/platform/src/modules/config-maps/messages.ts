export const CONFIG_AUDIT_ACTIONS = {
  mapCreated: 'CONFIG_MAP_CREATED',
  mappingAdded: 'CONFIG_MAPPING_ADDED',
  mappingUpdated: 'CONFIG_MAPPING_UPDATED',
  mappingDeleted: 'CONFIG_MAPPING_DELETED',
  mappingsUploaded: 'CONFIG_MAPPINGS_UPLOADED',
  submitted: 'CONFIG_MAP_SUBMITTED',
  approved: 'CONFIG_MAP_APPROVED',
  rejected: 'CONFIG_MAP_REJECTED',
  pushed: 'CONFIG_MAPS_PUSHED',
  clientRegistered: 'CONFIG_CLIENT_REGISTERED',
  clientAcknowledged: 'CONFIG_CLIENT_ACKNOWLEDGED',
  clientSecretIssued: 'CONFIG_CLIENT_SECRET_ISSUED',
  clientSignInLimited: 'CONFIG_CLIENT_SIGN_IN_LIMITED',
} as const;

export const CONFIG_MESSAGES = {
  noMap: (id: string) => `Can not find the map for ${id}`,
  noVersion: 'This version does not exist in this map.',
  versionRejected: 'This version was rejected: its changes were discarded.',
  noMapping: (key: string) => `No mapping with key '${key}' in this map.`,
  mappingExists: (key: string) => `A mapping with key '${key}' already exists.`,
  mappingChanged: (key: string) =>
    `Someone else changed the mapping '${key}' while you were editing; nothing was changed.`,
  nothingToSubmit: 'There are no unsubmitted changes to submit.',
  alreadyReviewed: 'This review has already been decided.',
  newerSubmission:
    'A newer submission was added to this review. Reload to see every change before you review.',
  unknownMaps: (ids: string[]) => `No such maps: ${ids.join(', ')}.`,
  noClient: (id: string) => `No client ${id} is registered.`,
  notSubscribed: 'This client does not subscribe to this map.',
  notPushed: 'No version of this map has been pushed yet.',
  notPushedVersion: 'Only the pushed version of a map can be acknowledged.',
} as const;
