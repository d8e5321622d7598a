/** The load balancer's texts from the specification's error catalogue (section 8). */
export const LOAD_BALANCER_MESSAGES = {
  servicesFailed: 'Something went wrong while fetching load-balanced services.',
  servicesEmpty: 'No load-balanced services found.',
  serviceFailed: 'Could not fetch service info. Contact support if this problem persists.',
  receiversFailed: 'Could not fetch receivers. Contact support if this problem persists.',
  receiversEmpty: 'No receivers found.',
  receiverToggled: (active: boolean) => `Receiver ${active ? 'enabled' : 'disabled'} successfully.`,
  receiverToggleFailed: (active: boolean) =>
    `Could not ${active ? 'enable' : 'disable'} receiver. Contact support if this persists.`,
  weightAdjusted: (receiverName: string) => `${receiverName} weight adjusted successfully.`,
  weightFailed: 'Could not adjust receiver weight. Contact support if this persists.',
} as const;

/** A receiver or service without a latest change (specification section 3). */
export const UNKNOWN_STATUS = 'unknown';
